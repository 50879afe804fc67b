// `npm start`: build Postern, start the local stack on 127.0.0.1 and print where everything runs.
// Ctrl-C or SIGTERM stops every child process and server.
import { spawnSync } from 'node:child_process'
import { register } from 'tsx/esm/api'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const build = spawnSync(process.execPath, [`${root}build.mjs`, '--no-types'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

register()
const { startStack } = await import('./stack.ts')
const started = Date.now()
const port = Number(process.env.PORT) || 5173
// The chains, the Solana ledger and the reference server's database live here, so a restart keeps what they stored.
const stateDir = `${root}.dev-state`
const stack = await startStack({ webPort: port, stateDir }).catch(async (error) => {
  if (error?.code !== 'EADDRINUSE') throw error
  console.log(`port ${port} is taken; using a free one`)
  return startStack({ stateDir })
})

console.log(`
Postern demo ready in ${Date.now() - started} ms

  Demo (script tag)   ${stack.web.url}/
  Demo (ESM import)   ${stack.web.url}/esm.html
  Demo (React)        ${stack.web.url}/react.html

  API server          ${stack.api.url}  (data in .dev-state/server; chains in .dev-state/chains)
  WalletConnect relay ${stack.relay.url}
  Secure site         ${stack.secure.url}  (embedded wallet frame)
  inbox               ${stack.mail.inboxUrl}  (e-mailed login codes)
  OpenID provider     ${stack.oidc.issuer}  (stands in for the social logins)
  farcaster           ${stack.farcaster.url}/  (stand-in Farcaster Connect relay; its page is a test Farcaster client: paste the modal's link, approve as demo.eth, fid 1)
${stack.chains.map((c) => `  Chain ${String(c.chainId).padEnd(12)} ${c.rpcUrl}  (USDC ${c.token.address})`).join('\n')}
${Object.entries(stack.bundlerUrls).map(([id, url]) => `  Bundler ${id.padEnd(11)}${url}  (ERC-4337 Alto; EntryPoint ${stack.aa.entryPoint}, account factory ${stack.aa.factory})`).join('\n')}
  Uniswap V2 router   ${stack.chains[0]?.dex.router}  (same on every chain; pools ETH/USDC, ETH/DAI, USDC/DAI)
  Onramp sandbox      ${stack.api.onrampSandboxUrl}  (test card 4242 4242 4242 4242)
${stack.solana ? `  Solana RPC          ${stack.solana.rpcUrl}  (ledger in .dev-state/solana)` : ''}

Project id: postern-demo. The injected "Postern Test Wallet" is on every demo page. Ctrl-C stops everything.
`)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  await stack.stop()
  process.exit(0)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown)
// npm may die without passing its signal on: when our parent goes, we go, and take the stack with us.
const parent = process.ppid
setInterval(() => process.ppid !== parent && shutdown(), 500).unref()
