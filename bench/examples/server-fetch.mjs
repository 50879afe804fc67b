// Preloaded (`node --import`) into an example's own server (`next start`, its API routes, an app's
// server/): what it asks AppKit's public RPC (rpc.walletconnect.org/v1/?chainId=eip155:1, as
// next-siwe-next-auth's sign-in check does) goes to the stack's chain of that id, as the page's
// requests do (browser.mjs routeToStack), and what it asks Reown's wallet service
// (rpc.walletconnect.org/v1/wallet, as react-wagmi-smart-session's server does) goes to the stack's
// reference server. The maps come in POSTERN_EXAMPLES_RPC ({ "eip155:1": url }) and POSTERN_EXAMPLES_API.
const routes = JSON.parse(process.env.POSTERN_EXAMPLES_RPC ?? '{}')
const api = process.env.POSTERN_EXAMPLES_API
const original = globalThis.fetch

function target(url) {
  if (url?.hostname !== 'rpc.walletconnect.org') return undefined
  if (api && /^\/v1\/(wallet|sessions)(\/|$)/.test(url.pathname)) return `${api}${url.pathname}${url.search}`
  return routes[url.searchParams.get('chainId')]
}

globalThis.fetch = function fetch(input, init) {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input?.url
  const to = target(href ? new URL(href) : undefined)
  if (!to) return original(input, init)
  return original(typeof input === 'string' || input instanceof URL ? to : new Request(to, input), init)
}
