// A site page as a dApp would write it: the classic script, the EVM adapter, the local services.
import type { Stack } from '../../dev/stack.ts'
import { injectedWalletInstallScript, type InjectedWalletOptions } from '../../dev/wallet/injected/index.ts'

export const WALLET_A = { name: 'Alpha Wallet', rdns: 'dev.postern.alpha' }
export const WALLET_B = { name: 'Beta Wallet', rdns: 'dev.postern.beta' }

export function evmPage(stack: Stack, opts: {
  wallets?: Partial<InjectedWalletOptions>[]
  networks?: string
  extraRpcUrls?: Record<string, string>
  options?: string
} = {}): string {
  const chains = Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl]))
  const wallets = (opts.wallets ?? [WALLET_A]).map((w) => ({ chains, ...w }) as InjectedWalletOptions)
  const config = { ...stack.config, rpcUrls: { ...stack.config.rpcUrls, ...opts.extraRpcUrls } }
  return `<!doctype html><html><head><meta charset="utf-8"><title>evm</title><link rel="icon" href="data:,">
<script>${injectedWalletInstallScript(...wallets)}</script>
<script src="/dist/cdn/postern.js"></script></head><body>
<appkit-button></appkit-button>
<script>
  const config = ${JSON.stringify(config)}
  const N = Postern.networks
  window.modal = Postern.createAppKit({
    projectId: config.projectId,
    networks: ${opts.networks ?? '[N.mainnet, N.polygon]'},
    adapters: [Postern.adapters.eip155()],
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.blockchainApiUrl,
    relayUrl: config.relayUrl,
    rpcUrls: config.rpcUrls,
    features: { email: false, socials: false },
    ${opts.options ?? ''}
  })
</script></body></html>`
}
