// AppKit's adapter-less examples (react-core, next-core, ...) connect over WalletConnect only: the
// page's socket to the public relay is piped to the stack's relay, and a WalletConnect wallet in
// Node (dev/wallet/walletconnect, the same demo keys as the injected wallet) pairs the URI the
// modal shows.
import WebSocket from 'ws'

const PUBLIC_RELAY = /^wss:\/\/relay\.walletconnect\.(org|com)([/?]|$)/

/** Every page of `context` that opens the public relay talks to `relayUrl` instead (same query). */
export async function routeRelay(context, relayUrl) {
  await context.routeWebSocket(PUBLIC_RELAY, (page) => {
    const upstream = new WebSocket(`${relayUrl}/${new URL(page.url()).search}`)
    const waiting = []
    upstream.on('open', () => waiting.splice(0).forEach((m) => upstream.send(m)))
    upstream.on('message', (data, binary) => page.send(binary ? data : data.toString()))
    upstream.on('close', () => page.close().catch(() => undefined))
    upstream.on('error', () => page.close().catch(() => undefined))
    page.onMessage((m) => (upstream.readyState === WebSocket.OPEN ? upstream.send(m) : waiting.push(m)))
    page.onClose(() => upstream.close())
  })
}

/**
 * The `wc:` URI the modal shows, if it shows one now: Postern's QR carries it as a data attribute;
 * AppKit's (`--appkit` runs) is the `uri` of a `wui-qr-code` nested in the modal's shadow roots.
 */
export const shownUri = (page) => page.evaluate(() => {
  const modal = document.querySelector('w3m-modal')?.shadowRoot
  const find = (root) => {
    for (const el of root?.querySelectorAll('*') ?? []) {
      const found = el.localName === 'wui-qr-code' ? el.uri : find(el.shadowRoot)
      if (found) return found
    }
  }
  const uri = modal?.querySelector('[data-wc-uri]')?.getAttribute('data-wc-uri') ?? find(modal)
  return uri?.startsWith('wc:') ? uri : undefined
})

/**
 * A pairer made on first use: `pair(uri)` starts the Node wallet against the stack, `stop()` ends it.
 * `chains()` gives the namespaces it serves beside eip155 (the universal connector's TON, Sui...).
 */
export function walletConnectPairer(stack, createWalletConnectWallet, chains = async () => []) {
  let wallet
  return {
    async pair(uri) {
      wallet ??= await createWalletConnectWallet({
        relayUrl: stack.relay.url,
        projectId: stack.config.projectId,
        rpcUrls: Object.fromEntries(stack.chains.map((c) => [c.chainId, c.rpcUrl])),
        chains: await chains(),
      })
      await wallet.pair(uri)
    },
    stop: async () => wallet?.stop(),
  }
}
