// Every route of the reference API (server/routes/index.ts) driven with generated hostile input
// (fuzz/inputs.ts): no 500, no hang, no runaway memory, and every refusal a 4xx whose
// { reason } names the field (or says in words what is refused). A fixed seed and a bounded
// number of runs per route keep it repeatable and within a minute.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import { startMailServer, type MailServer } from '../../dev/mail/index.ts'
import { startFarcasterRelay, type FarcasterRelay } from '../../dev/farcaster/index.ts'
import { startOidcProvider, type OidcServer } from '../../dev/oidc/index.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { routes } from '../../server/routes/index.ts'
import { hostileBody, hostileOrigin, hostileQuery, hostileSegment } from './fuzz/inputs.ts'
import { watchdogMs } from '../watchdog.ts'

const SEED = 26_05
const RUNS_PER_ROUTE = Number(process.env['FUZZ_RUNS'] ?? 24)
const REQUEST_TIMEOUT_MS = 15_000
/** What the server process may grow by over the whole run (it holds no per-request state). */
const MAX_GROWTH_BYTES = 256 * 1024 * 1024

// A refusal names the field ("body.email: ...", "query: ...", "origin: ...") or is one of the
// sentences the spec gives a person (SPEC: the e-mail login's and onramp's messages).
const NAMES_FIELD = /^[\w$[\].-]+(\s[\w$[\].-]+)?: \S/
const SENTENCES = /^(Not found|Method \w* not allowed|No |This |Wrong code|The code|Too many|Please try again|Invalid |Name |The signed message|The onramp sandbox)/

interface Ctx { chains?: LocalChains; mail?: MailServer; relay?: FarcasterRelay; oidc?: OidcServer; api?: ApiServer }
const test = suite<Ctx>('server API fuzz', {})
const watchdog = setTimeout(() => {
  console.error('api-fuzz.test.ts: timed out')
  process.exit(1)
}, watchdogMs(300_000))

test.before(async (ctx) => {
  ;[ctx.chains, ctx.mail, ctx.relay, ctx.oidc] = await Promise.all([startChains(), startMailServer(), startFarcasterRelay(), startOidcProvider({ redirectUris: ['http://127.0.0.1:5173/callback.html'] })])
  ctx.api = await startApiServer({
    chains: ctx.chains.chains,
    indexer: false,
    onrampSandbox: true,
    // Every fuzzed request comes from this one address: the per-IP limits are raised (by
    // configuration, as a deployment could) so the routes themselves answer, not the limiter.
    rateLimits: { 'mail.ip': { points: 100_000, duration: 3600 }, 'mail.all': { points: 100_000, duration: 3600 }, 'auth.ip': { points: 100_000, duration: 600 }, 'write.ip': { points: 100_000, duration: 600 } },
    emailAuth: { smtp: ctx.mail.smtp, oidcIssuer: ctx.oidc.issuer, farcasterRelay: ctx.relay.url, farcasterIdRegistry: ctx.relay.idRegistry, shareKey: randomBytes(32).toString('hex') },
  })
})
test.after(async (ctx) => {
  clearTimeout(watchdog)
  await ctx.api?.stop()
  await Promise.all([ctx.chains?.stop(), ctx.mail?.stop(), ctx.relay?.stop(), ctx.oidc?.stop()])
})

/** The route's path with each named group filled by a generated segment. */
function pathOf(source: string, fill: string[]): string {
  let i = 0
  return source.replace(/^\^|\$$/g, '').replace(/\(\?<\w+>\[\^\/\]\+\)/g, () => fill[i++] ?? 'x').replace(/\\\//g, '/')
}

async function check(api: ApiServer, method: string, path: string, query: string, body: Uint8Array | string | undefined, origin: string | undefined): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (origin !== undefined) headers['origin'] = origin
  const label = `${method} ${path}?${query} origin=${origin} body=${typeof body === 'string' ? body.slice(0, 200) : body && Buffer.from(body).toString('hex').slice(0, 200)}`
  let res: Response
  try {
    res = await fetch(`${api.url}${path}?${query}`, { method, headers, body: method === 'POST' ? (body as BodyInit | undefined) : undefined, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: 'manual' })
  } catch (error) {
    throw new Error(`${label}: no answer within ${REQUEST_TIMEOUT_MS} ms (${(error as Error).message})`)
  }
  const text = await res.text()
  if (process.env['FUZZ_STATS']) console.log('STAT', method, path.split('/').slice(0, 4).join('/'), res.status, text.slice(0, 80))
  assert.ok(res.status < 500, `${label}: ${res.status} ${text.slice(0, 300)}`)
  if (res.status < 400) return
  let reason: unknown
  try {
    reason = (JSON.parse(text) as { reason?: unknown }).reason
  } catch {
    assert.unreachable(`${label}: ${res.status} without a JSON body: ${text.slice(0, 200)}`)
  }
  assert.type(reason, 'string', `${label}: ${res.status} without a reason`)
  assert.ok(NAMES_FIELD.test(reason as string) || SENTENCES.test(reason as string), `${label}: ${res.status} reason names no field: ${reason}`)
}

test('every route answers hostile input with a 2xx or a 4xx naming the field; never a 500 or a hang', async (ctx) => {
  const api = ctx.api!
  const rssBefore = process.memoryUsage().rss
  for (const [index, route] of routes.entries()) {
    const groups = (route.path.source.match(/\(\?<\w+>/g) ?? []).length
    const request = fc.record({
      segments: fc.array(hostileSegment, { minLength: groups, maxLength: groups }),
      query: hostileQuery,
      body: hostileBody,
      origin: hostileOrigin,
      // Mostly the route's own method; now and then the other one.
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constant(route.method === 'GET' ? 'POST' : 'GET') }),
    })
    await fc.assert(
      fc.asyncProperty(request, (r) => check(api, r.method, pathOf(route.path.source, r.segments), r.query, r.body, r.origin)),
      { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    )
  }
  const growth = process.memoryUsage().rss - rssBefore
  assert.ok(growth < MAX_GROWTH_BYTES, `the process grew by ${Math.round(growth / 1048576)} MB`)
})

test('a body far over any cap, sent slowly or at once, is cut off with a 413', async (ctx) => {
  for (const route of routes.filter((r) => r.method === 'POST')) {
    const path = pathOf(route.path.source, ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    const res = await fetch(`${ctx.api!.url}${path}?projectId=test`, { method: 'POST', headers: { origin: 'http://127.0.0.1:5173' }, body: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    assert.is(res.status, 413, path)
    assert.match(((await res.json()) as { reason: string }).reason, /^body: larger than \d+ KB, this endpoint's limit$/)
  }
})

test.run()
