// A site page as a dApp writes it: the classic script and createAppKit pointed at the local
// services. The e2e files vary only what goes in the head, the networks, adapters and options.
import type { Stack } from '../../dev/stack.ts'

export interface SitePage {
  title?: string
  /** Markup before the Postern script, e.g. test wallets. */
  head?: string
  /** JavaScript expressions, with N = Postern.networks. */
  networks?: string
  adapters?: string
  /** Extra createAppKit options, as source text ending in a comma. */
  options?: string
  config?: Stack['config']
}

export function sitePage(stack: Stack, page: SitePage = {}): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${page.title ?? 'site'}</title><link rel="icon" href="data:,">
${page.head ?? ''}
<script src="/dist/cdn/postern.js"></script></head><body>
<appkit-button></appkit-button>
<script>
  const config = ${JSON.stringify(page.config ?? stack.config)}
  const N = Postern.networks
  window.modal = Postern.createAppKit({
    projectId: config.projectId,
    networks: ${page.networks ?? '[N.mainnet, N.polygon]'},
    adapters: ${page.adapters ?? '[]'},
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.blockchainApiUrl,
    relayUrl: config.relayUrl,
    rpcUrls: config.rpcUrls,
    ${page.options ?? ''}
  })
</script></body></html>`
}
