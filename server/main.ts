// `npm run server`: the reference services as a deployable process, configured by environment
// (see configFromEnv, emailAuthFromEnv and the README). SIGINT/SIGTERM stop it cleanly.
import { configFromEnv } from './config.ts'
import { emailAuthFromEnv } from './config-auth.ts'
import { startApiServer } from './index.ts'
import { payRelayFromEnv } from './pay-relay-key.ts'

let config
try {
  const base = configFromEnv(process.env)
  config = { ...base, emailAuth: emailAuthFromEnv(process.env), payRelay: payRelayFromEnv(process.env, base.dataDir) }
} catch (error) {
  console.error(`postern server: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}
// A start that fails (a bad key file, a port in use, a locked data folder) says why in one line.
const server = await startApiServer(config).catch((error: unknown) => {
  console.error(`postern server: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
const where = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.dataDir}`
console.log(`postern server listening on ${config.host}:${new URL(server.url).port}; data in ${where}; chains: ${
  [...config.chains.map((c) => `eip155:${c.chainId}`), ...(config.solanaRpcUrl ? ['solana'] : [])].join(', ') || 'none'
}`)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  await server.stop()
  process.exit(0)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, shutdown)
