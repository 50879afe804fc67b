// What Postern adds to an AppKit configuration to run against the local stack instead of a
// vendor's cloud: its own API, relay, secure site and RPC endpoints (npm start serves them in
// /demo-config.js). Everything else in the quick-starts is AppKit's code with Postern's imports.
interface DemoConfig {
  projectId: string
  apiUrl: string
  blockchainApiUrl: string
  relayUrl: string
  secureSiteUrl: string
  rpcUrls: Record<string, string>
}

const demo = (globalThis as unknown as { POSTERN_DEMO: DemoConfig }).POSTERN_DEMO

export const projectId = demo.projectId
export const selfHosted = {
  apiUrl: demo.apiUrl,
  blockchainApiUrl: demo.blockchainApiUrl,
  relayUrl: demo.relayUrl,
  secureSiteUrl: demo.secureSiteUrl,
  rpcUrls: demo.rpcUrls,
}
/** AppKit's customRpcUrls shape for WagmiAdapter, so wagmi's own reads reach the local chains. */
export const customRpcUrls = Object.fromEntries(Object.entries(demo.rpcUrls).map(([id, url]) => [id, [{ url }]]))
