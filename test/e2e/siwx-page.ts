// A site page for the SIWX e2e: the ESM build (postern, postern/networks, postern/adapters,
// postern/siwx) as a site bundles it, with the injected EVM wallet and the Solana test wallet.
import type { Stack } from '../../dev/stack.ts'
import { injectedWalletInstallScript } from '../../dev/wallet/injected/index.ts'

/** `siwx` is source text evaluated with `S` = postern/siwx in scope, e.g. `new S.ReferenceAuthSIWX()`. */
export function siwxPage(stack: Stack, opts: { siwx: string; solana?: boolean; prelude?: string }): string {
  const chains = Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl]))
  const wallet = opts.solana
    ? '<script src="/solana-test-wallet.js"></script>'
    : `<script>${injectedWalletInstallScript({ name: 'Alpha Wallet', rdns: 'dev.postern.alpha', chains })}</script>`
  return `<!doctype html><html><head><meta charset="utf-8"><title>siwx</title><link rel="icon" href="data:,">
${wallet}</head><body>
<appkit-button></appkit-button>
<script type="module">
  import { createAppKit } from '/dist/esm/index.js'
  import * as N from '/dist/esm/networks.js'
  import { eip155, solana } from '/dist/esm/adapters.js'
  import * as S from '/dist/esm/siwx.js'
  const config = ${JSON.stringify(stack.config)}
  window.events = []
  ${opts.prelude ?? ''}
  window.modal = createAppKit({
    projectId: config.projectId,
    networks: ${opts.solana ? '[N.solanaLocal]' : '[N.mainnet, N.polygon]'},
    adapters: [${opts.solana ? 'solana()' : 'eip155()'}],
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.blockchainApiUrl,
    relayUrl: config.relayUrl,
    rpcUrls: config.rpcUrls,
    metadata: { name: 'SIWX Demo', description: 'd', url: location.origin, icons: [] },
    features: { email: false, socials: false },
    siwx: ${opts.siwx},
  })
  window.modal.subscribeEvents((e) => window.events.push(e.data))
</script></body></html>`
}
