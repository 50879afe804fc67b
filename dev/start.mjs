// `npm start`: build Postern, start the local stack on 127.0.0.1 and print where everything runs
// and how to finish each kind of login by hand. Ctrl-C or SIGTERM stops every child process and server.
// PORT picks the demo's port (default 5173; 0: any free one); POSTERN_STATE_DIR where the stack keeps its state
// (default .dev-state); POSTERN_SKIP_BUILD=1 serves the build already in dist/.
import { spawnSync } from 'node:child_process'
import { register } from 'tsx/esm/api'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// PORT=0: whatever port is free (tests start it so: a port chosen before the start could be taken meanwhile).
const port = process.env.PORT ? Number(process.env.PORT) : 5173
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0 to 65535; 0: any free port), not ${JSON.stringify(process.env.PORT)}`)
  process.exit(2)
}
if (process.env.POSTERN_SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, [`${root}build.mjs`, '--no-types'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

register()
const { startStack } = await import('./stack.ts')
const started = Date.now()
// The chains, the Solana ledger and the reference server's database live here, so a restart keeps what they stored.
const stateDir = process.env.POSTERN_STATE_DIR || `${root}.dev-state`
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

  API server          ${stack.api.url}  (data in ${stateDir}/server; chains in ${stateDir}/chains)
  WalletConnect relay ${stack.relay.url}
  Secure site         ${stack.secure.url}  (embedded wallet frame)
  inbox               ${stack.mail.inboxUrl}  (e-mailed login codes)
  OpenID provider     ${stack.oidc.issuer}  (stands in for the social logins)
  farcaster           ${stack.farcaster.url}/  (stand-in Farcaster Connect relay; its page is a test Farcaster client: paste the modal's link, approve as demo.eth, fid 1)
${stack.chains.map((c) => `  Chain ${String(c.chainId).padEnd(12)} ${c.rpcUrl}  (USDC ${c.token.address})`).join('\n')}
${Object.entries(stack.bundlerUrls).map(([id, url]) => `  Bundler ${id.padEnd(11)}${url}  (ERC-4337 Alto; EntryPoint ${stack.aa.entryPoint}, account factory ${stack.aa.factory})`).join('\n')}
  Uniswap V2 router   ${stack.chains[0]?.dex.router}  (same on every chain; pools ETH/USDC, ETH/DAI, USDC/DAI)
  Onramp sandbox      ${stack.api.onrampSandboxUrl}  (test card 4242 4242 4242 4242)
${stack.solana ? `  Solana RPC          ${stack.solana.rpcUrl}  (ledger in ${stateDir}/solana)` : ''}
${stack.bitcoin ? `  Bitcoin Esplora     ${stack.bitcoin.url}  (regtest ledger, in memory; a block every 2 s)` : ''}
${stack.ton ? `  TON API             ${stack.ton.url}  (toncenter v2 over @ton/sandbox, in memory; the demo TON wallet is funded)` : ''}
${stack.sui ? `  Sui RPC             ${stack.sui.url}  (sui:localnet JSON-RPC, ledger in ${stateDir}/sui; the demo Sui account has 2,000 SUI)` : ''}

Logging in by hand (the script-tag and ESM pages offer every kind; the React page only wallets):
  E-mail      type any address; its 6-digit code, and on a browser new to that address first a
              device-approval link to open, arrive in the inbox: ${stack.mail.inboxUrl}
  Socials     Google, X, Discord, GitHub, Apple and Facebook open the local OpenID provider in a
              popup: type any name (e.g. alice) and any password, then Continue; the same name
              gets the same wallet again
  Farcaster   the modal shows a QR code and "Copy link": open ${stack.farcaster.url}/ and paste
              the link, then approve as demo.eth (fid 1)
  Wallets     "Postern Test Wallet" (EVM) and "Postern Solana Wallet" are injected in every page
              and approve at once; the ESM page adds Bitcoin: "Postern Bitcoin Wallet" (regtest,
              10 BTC) connects, signs in with BIP-322 and sends from the Account view
  Smart account  e-mail and social logins get an ERC-4337 smart account (deployed by its first
              send through the bundler); fund it from the test wallet with the modal's Send
  Sign-in     the ESM page asks a wallet to sign in (SIWX); its sessions live in the API server

Project id: postern-demo. Ctrl-C stops everything.
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
