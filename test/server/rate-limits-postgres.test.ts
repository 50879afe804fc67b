// Two servers on one real PostgreSQL count together: the per-IP limit and the per-e-mail cap on
// failed codes hold across them (rate-limiter-flexible's Postgres store, in the shared database).
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { startPostgres, type TestPostgres } from './postgres.ts'
import { loginSecret, newDeviceId } from './login-secret.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx { postgres?: TestPostgres; mail?: MailServer; servers: ApiServer[] }
const test = suite<Ctx>('rate limits shared by two servers on one Postgres', { servers: [] })

const watchdog = setTimeout(() => (console.error('rate-limits-postgres.test.ts: timed out'), process.exit(1)), watchdogMs(120_000))
test.before(async (ctx) => {
  ;[ctx.postgres, ctx.mail] = await Promise.all([startPostgres(), startMailServer()])
  const databaseUrl = await ctx.postgres.createDatabase()
  const rateLimits = { 'auth.ip': { points: 4, duration: 600 } }
  ctx.servers = await Promise.all([0, 1].map(() => startApiServer({ chains: [], databaseUrl, indexer: false, onrampSandbox: false, emailAuth: { smtp: ctx.mail!.smtp, shareKey: randomBytes(32).toString('hex') }, rateLimits })))
})
test.after(async (ctx) => {
  await Promise.all(ctx.servers.map((s) => s.stop()))
  await ctx.mail?.stop()
  await ctx.postgres?.stop()
  clearTimeout(watchdog)
})

const post = async (api: ApiServer, path: string, body: unknown) => {
  const res = await fetch(`${api.url}${path}?projectId=test`, { method: 'POST', headers: { origin: 'http://127.0.0.1:4444', 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as Record<string, any> }
}

test('attack: one IP alternating between the two servers is refused once its limit is spent on both together', async (ctx) => {
  const [a, b] = ctx.servers as [ApiServer, ApiServer]
  const path = `/auth/v1/nonce?projectId=test&address=0x${'78'.repeat(20)}`
  const statuses = []
  for (const api of [a, b, a, b, a, b]) statuses.push((await fetch(`${api.url}${path}`)).status)
  assert.equal(statuses, [200, 200, 200, 200, 429, 429])
})

test('attack: wrong codes for one e-mail split over the two servers are capped at 10 together', async (ctx) => {
  const [a, b] = ctx.servers as [ApiServer, ApiServer]
  const email = 'split@example.com'
  const deviceId = newDeviceId()
  const { secret, secretHash } = loginSecret()
  await a.db.query('DELETE FROM rate_limits') // the IP's count from the test before
  assert.is((await post(a, '/auth/v1/email/start', { email, deviceId, secretHash })).status, 200)
  let code = ''
  for (let i = 0; i < 100 && !code; i++) {
    code = /\b(\d{6})\b/.exec(ctx.mail!.messages.find((m) => m.to.includes(email))?.subject ?? '')?.[1] ?? ''
    await new Promise((r) => setTimeout(r, 20))
  }
  const wrong = code === '000000' ? '111111' : '000000'
  const statuses: number[] = []
  for (let i = 0; i < 11; i++) {
    // All from one IP, whose own limit is not under test here; and each try as on a fresh code
    // (a code locks after 5 tries, a new one would reset that, not the cap).
    await a.db.query("DELETE FROM rate_limits WHERE key LIKE 'auth.%'")
    await a.db.query('UPDATE email_codes SET attempts = 0')
    statuses.push((await post(i % 2 ? b : a, '/auth/v1/email/verify', { email, otp: wrong, deviceId, secret })).status)
  }
  assert.equal(statuses, [...Array(10).fill(400), 429])
  const [row] = await b.db.query<{ points: number }>('SELECT points FROM rate_limits WHERE key = $1', [`codes.hour:${email}`])
  assert.is(row?.points, 11, 'the count is one row in the shared table')
})

test.run()
