// GET /auth/v1/frame-origin: the question the modal asks before it loads the secure frame. The
// answer follows the project's own origins and agrees with the frame page's frame-ancestors; bad
// input is a 4xx with { reason }; a forged Origin from outside a browser learns nothing the public
// origins list does not say; the endpoint is rate-limited as the other auth requests. Each test
// sets the origins of project postern-demo it needs.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { frameAncestors } from '../../server/auth/frame-policy.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ api?: ApiServer; limited?: ApiServer }>('server: frame-origin', {})
const watchdog = setTimeout(() => {
  console.error('frame-origin.test.ts: timed out')
  process.exit(1)
}, watchdogMs(60_000))

test.before(async (ctx) => {
  ;[ctx.api, ctx.limited] = await Promise.all([
    startApiServer({ chains: [], indexer: false }),
    startApiServer({ chains: [], indexer: false, rateLimits: { 'auth.ip': { points: 3, duration: 600 } } }),
  ])
})
test.after(async (ctx) => {
  await Promise.all([ctx.api?.stop(), ctx.limited?.stop()])
  clearTimeout(watchdog)
})

async function ask(url: string, query: string, origin?: string | null) {
  const res = await fetch(`${url}/auth/v1/frame-origin${query}`, { headers: origin === null ? {} : { origin: origin ?? 'http://127.0.0.1:5173' } })
  return { status: res.status, json: await res.json() as { allowed?: boolean; reason?: string }, headers: res.headers }
}

test('an allowed origin may frame, another may not; the answer is cached a minute per origin', async ({ api }) => {
  const yes = await ask(api!.url, '?projectId=test')
  assert.is(yes.status, 200)
  assert.equal(yes.json, { allowed: true })
  assert.is(yes.headers.get('cache-control'), 'private, max-age=60')
  assert.is(yes.headers.get('vary'), 'Origin')
  assert.equal((await ask(api!.url, '?projectId=test', 'https://evil.example')).json, { allowed: false })
})

test("a project's own origins decide, for that project only", async ({ api }) => {
  api!.setAllowedOrigins(['https://shop.example'], 'postern-demo')
  assert.equal((await ask(api!.url, '?projectId=postern-demo')).json, { allowed: false })
  assert.equal((await ask(api!.url, '?projectId=postern-demo', 'https://shop.example')).json, { allowed: true })
  assert.equal((await ask(api!.url, '?projectId=test')).json, { allowed: true })
})

test('a pattern the CSP cannot carry allows nothing: the answer never promises a frame the browser would block', async ({ api }) => {
  api!.setAllowedOrigins(['https://shop*.example'], 'postern-demo')
  assert.is(frameAncestors(['https://shop*.example']), "'none'")
  assert.equal((await ask(api!.url, '?projectId=postern-demo', 'https://shop1.example')).json, { allowed: false })
})

test('unknown or missing project, malformed or missing Origin: a 4xx with a reason naming the field', async ({ api }) => {
  const cases: [string, string | null | undefined, number, RegExp][] = [
    ['?projectId=nope', undefined, 403, /^projectId: nope is not a configured project$/],
    ['', undefined, 400, /^projectId: is required$/],
    ['?projectId=test', null, 400, /^origin: the request has no Origin header$/],
    ['?projectId=test', 'null', 400, /^origin: "null" is not an origin$/],
    ['?projectId=test', 'http://127.0.0.1:5173/path', 400, /^origin: .* is not an origin$/],
    ['?projectId=test', 'http://127.0.0.1:abc', 400, /^origin: .* is not an origin$/],
    ['?projectId=test', 'javascript:alert(1)', 400, /^origin: .* is not an origin$/],
  ]
  for (const [query, origin, status, reason] of cases) {
    const res = await ask(api!.url, query, origin)
    assert.is(res.status, status, `${query} ${origin}: ${JSON.stringify(res.json)}`)
    assert.match(res.json.reason ?? '', reason)
  }
})

test('attack: a forged Origin from Node gets a yes that is worth nothing: no token, only what the public list says', async ({ api }) => {
  api!.setAllowedOrigins(['https://shop.example'], 'postern-demo')
  const forged = await ask(api!.url, '?projectId=postern-demo', 'https://shop.example')
  assert.equal(forged.json, { allowed: true })
  const list = await (await fetch(`${api!.url}/projects/v1/origins?projectId=postern-demo`)).json() as { allowedOrigins: string[] }
  assert.equal(list.allowedOrigins, ['https://shop.example'])
  // What protects the frame is the browser's check of the frame page's header, built from the same list.
  assert.is(frameAncestors(list.allowedOrigins), 'https://shop.example')
})

test('rate-limited per IP as the other auth requests: a 429 with Retry-After', async ({ limited }) => {
  for (let i = 0; i < 3; i++) assert.is((await ask(limited!.url, '?projectId=test')).status, 200)
  const refused = await ask(limited!.url, '?projectId=test')
  assert.is(refused.status, 429)
  assert.match(refused.json.reason ?? '', /^Too many attempts/)
  assert.ok(Number(refused.headers.get('retry-after')) > 0)
})

test.run()
