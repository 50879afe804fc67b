// `postern-secure`: serves the embedded wallet's secure site (the pages beside this command, in
// site/) with the framing headers of dev/static/secure-headers.ts, and its config.js naming the
// auth service it trusts. Run it behind TLS on an origin of its own.
import { fileURLToPath } from 'node:url'
import { secureSiteHeaders } from '../../../dev/static/secure-headers.ts'
import { startStaticServer } from '../../../dev/static/server.ts'
import { configScript, secureSiteEnv, type SecureSiteEnv } from './env.ts'

function fail(code: number, error: unknown): never {
  console.error(`postern secure site: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(code)
}

let config: SecureSiteEnv
try {
  config = secureSiteEnv(process.env)
} catch (error) {
  fail(2, error)
}
const server = await startStaticServer({
  port: config.port,
  listen: config.host,
  mounts: { '/': fileURLToPath(new URL('./site', import.meta.url)) },
  // The frame page's framing policy comes from the projects' allowed origins, which the auth service lists.
  headers: secureSiteHeaders(() => config.authUrl),
}).catch((error: unknown) => fail(1, error))
server.setPage('/config.js', configScript(config), 'text/javascript; charset=utf-8')
console.log(`postern secure site listening on ${config.host}:${new URL(server.url).port}; auth service ${config.authUrl}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)))
