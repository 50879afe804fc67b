// A site page as a dApp would write it: the classic script, the EVM adapter, the local services.
import type { Stack } from '../../dev/stack.ts'
import { injectedWalletInstallScript, type InjectedWalletOptions } from '../../dev/wallet/injected/index.ts'
import { sitePage } from './site-page.ts'

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
  return sitePage(stack, {
    title: 'evm',
    head: `<script>${injectedWalletInstallScript(...wallets)}</script>`,
    networks: opts.networks,
    adapters: '[Postern.adapters.eip155()]',
    options: `features: { email: false, socials: false },\n    ${opts.options ?? ''}`,
    config,
  })
}
