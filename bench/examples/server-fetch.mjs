// Preloaded (`node --import`) into an example's own server (`next start`, its API routes): what it
// asks AppKit's public RPC (rpc.walletconnect.org/v1/?chainId=eip155:1, as next-siwe-next-auth's
// sign-in check does) goes to the stack's chain of that id, as the page's requests do
// (browser.mjs routeToStack). The map comes in POSTERN_EXAMPLES_RPC: { "eip155:1": url }.
const routes = JSON.parse(process.env.POSTERN_EXAMPLES_RPC ?? '{}')
const original = globalThis.fetch

globalThis.fetch = function fetch(input, init) {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input?.url
  const url = href ? new URL(href) : undefined
  const target = url?.hostname === 'rpc.walletconnect.org' && routes[url.searchParams.get('chainId')]
  if (!target) return original(input, init)
  return original(typeof input === 'string' || input instanceof URL ? target : new Request(target, input), init)
}
