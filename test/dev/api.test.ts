// The reference API server's provider API: catalogue, images, project config, analytics, errors, CORS.
import { suite } from 'uvu'
import { withApiServer, type ApiCtx } from './api-fixture.ts'
import * as assert from 'uvu/assert'
import { readEvents } from '../../server/events.ts'

type Ctx = ApiCtx
const test = suite<Ctx>('server provider API', {})

const METAMASK = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
const TRUST = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

interface WalletRow {
  id: string
  name: string
  image_id: string
  chains: string[]
  badge_type: string
  rdns: string | null
  mobile_link: string | null
  injected: { namespace: string; injected_id: string }[] | null
}
interface WalletsReply {
  count: number
  data: WalletRow[]
}

withApiServer(test, 'api.test.ts')

async function get(ctx: Ctx, path: string, init?: RequestInit) {
  const res = await fetch(ctx.api!.url + path, { ...init, signal: AbortSignal.timeout(10_000) })
  return res
}
async function wallets(ctx: Ctx, query: string): Promise<WalletsReply> {
  const res = await get(ctx, `/getWallets?projectId=test&${query}`)
  assert.is(res.status, 200)
  return (await res.json()) as WalletsReply
}

test('page 2 of 40 holds 40 wallets and the catalogue has at least 500', async (ctx) => {
  const r = await wallets(ctx, 'page=2&entries=40')
  assert.is(r.data.length, 40)
  assert.ok(r.count >= 500, `count ${r.count}`)
})

test('pages do not overlap and follow the catalogue order', async (ctx) => {
  const [p1, p2, p3] = await Promise.all([1, 2, 3].map((page) => wallets(ctx, `page=${page}&entries=40`)))
  const ids = [...p1!.data, ...p2!.data, ...p3!.data].map((w) => w.id)
  assert.is(new Set(ids).size, 120)
  const all = await wallets(ctx, 'page=1&entries=100')
  assert.equal(ids.slice(0, 100), all.data.map((w) => w.id))
})

test('a page past the end is empty but keeps the count', async (ctx) => {
  const r = await wallets(ctx, 'page=1000&entries=40')
  assert.is(r.data.length, 0)
  assert.ok(r.count >= 500)
})

test('the well-known wallets come first with their real ids, rdns and deep links', async (ctx) => {
  const r = await wallets(ctx, `include=${METAMASK},${TRUST}`)
  assert.is(r.count, 2)
  const mm = r.data.find((w) => w.id === METAMASK)!
  assert.is(mm.name, 'MetaMask')
  assert.is(mm.rdns, 'io.metamask')
  assert.is(mm.mobile_link, 'metamask://')
  assert.equal(mm.injected, [{ namespace: 'eip155', injected_id: 'isMetaMask' }])
  const trust = r.data.find((w) => w.id === TRUST)!
  assert.is(trust.name, 'Trust Wallet')
  assert.is(trust.rdns, 'com.trustwallet.app')
  const first = await wallets(ctx, 'page=1&entries=1')
  assert.is(first.data[0]!.id, METAMASK)
})

test("search finds MetaMask by 'meta', case-insensitively", async (ctx) => {
  for (const term of ['meta', 'META', 'MetaM']) {
    const r = await wallets(ctx, `search=${term}`)
    assert.ok(r.data.some((w) => w.name === 'MetaMask'), term)
    assert.ok(r.data.every((w) => w.name.toLowerCase().includes(term.toLowerCase())))
  }
})

test('a broad search returns at most 100 results', async (ctx) => {
  const r = await wallets(ctx, 'search=wallet')
  assert.ok(r.count > 100, `count ${r.count}`)
  assert.is(r.data.length, 100)
})

test('exclude removes wallets', async (ctx) => {
  const all = await wallets(ctx, 'entries=1')
  const r = await wallets(ctx, `exclude=${METAMASK},${TRUST}&entries=100`)
  assert.is(r.count, all.count - 2)
  assert.not.ok(r.data.some((w) => w.id === METAMASK || w.id === TRUST))
})

test('chains keeps wallets supporting at least one of the networks', async (ctx) => {
  const sol = await wallets(ctx, `chains=${SOLANA}&entries=100`)
  const all = await wallets(ctx, 'entries=1')
  assert.ok(sol.count > 0 && sol.count < all.count, `count ${sol.count}`)
  assert.ok(sol.data.every((w) => w.chains.includes(SOLANA)))
  assert.ok(sol.data.some((w) => w.name === 'Phantom'))
  const either = await wallets(ctx, `chains=${SOLANA},eip155:137&entries=1`)
  assert.ok(either.count > sol.count)
})

test('badge_type=certified keeps certified wallets only', async (ctx) => {
  const r = await wallets(ctx, 'badge_type=certified&entries=100')
  assert.ok(r.count > 0)
  assert.ok(r.data.every((w) => w.badge_type === 'certified'))
})

test('an unknown projectId gets 403 with a reason; public paths need none', async (ctx) => {
  const res = await get(ctx, '/getWallets?projectId=someone-else')
  assert.is(res.status, 403)
  const body = (await res.json()) as { reason: string }
  assert.match(body.reason, /projectId/)
  assert.is((await get(ctx, '/v1/supported-chains?projectId=nope')).status, 403)
  assert.is((await get(ctx, '/public/getTokenImage/ETH')).status, 200)
})

test('malformed queries get 400 naming the field', async (ctx) => {
  const cases: [string, RegExp][] = [
    ['/getWallets?projectId=test&entries=abc', /^entries: /],
    ['/getWallets?projectId=test&entries=101', /^entries: /],
    ['/getWallets?projectId=test&page=0', /^page: /],
    ['/getWallets?projectId=test&chains=nocolon', /^chains/],
    ['/getWallets?projectId=test&badge_type=gold', /^badge_type: /],
    ['/getWallets', /^projectId: /],
    ['/getWalletImage/a%20b?projectId=test', /^id: /],
  ]
  for (const [path, reason] of cases) {
    const res = await get(ctx, path)
    assert.is(res.status, 400, path)
    assert.match(res.headers.get('content-type') ?? '', /application\/json/)
    assert.match(((await res.json()) as { reason: string }).reason, reason, path)
  }
})

test('unknown paths get a JSON 404', async (ctx) => {
  const res = await get(ctx, '/nothing/here')
  assert.is(res.status, 404)
  assert.type(((await res.json()) as { reason: string }).reason, 'string')
})

test('wallet, asset, currency and token images are cacheable SVG', async (ctx) => {
  const mm = (await wallets(ctx, `include=${METAMASK}`)).data[0]!
  const trust = (await wallets(ctx, `include=${TRUST}`)).data[0]!
  const paths = [
    `/getWalletImage/${mm.image_id}?projectId=test`,
    `/getWalletImage/${trust.image_id}?projectId=test`,
    '/public/getAssetImage/ba0ba0cd-17c6-4806-ad93-f9d174f17900',
    '/public/getCurrencyImage/USD',
    '/public/getTokenImage/USDC',
  ]
  const bodies: string[] = []
  for (const path of paths) {
    const res = await get(ctx, path)
    assert.is(res.status, 200, path)
    assert.is(res.headers.get('content-type'), 'image/svg+xml')
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/)
    const svg = await res.text()
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s)
    bodies.push(svg)
  }
  assert.match(bodies[0]!, />MM<\/text>/)
  assert.match(bodies[1]!, />TW<\/text>/)
  assert.match(bodies[4]!, />USDC<\/text>/)
  // Deterministic: the same id draws the same picture.
  assert.is(await (await get(ctx, paths[0]!)).text(), bodies[0])
})

test('origins and analytics config answer; origins are settable', async (ctx) => {
  const origins = (await (await get(ctx, '/projects/v1/origins?projectId=test')).json()) as { allowedOrigins: string[] }
  assert.ok(Array.isArray(origins.allowedOrigins))
  ctx.api!.setAllowedOrigins(['https://shop.example'])
  const after = (await (await get(ctx, '/projects/v1/origins?projectId=test')).json()) as { allowedOrigins: string[] }
  assert.equal(after.allowedOrigins, ['https://shop.example'])
  const config = await (await get(ctx, '/getAnalyticsConfig?projectId=test&st=appkit&sv=html-1.0.0')).json()
  assert.equal(config, { isAnalyticsEnabled: true })
})

test('POST /e keeps the event with its query in the database', async (ctx) => {
  const stored = () => readEvents(ctx.api!.db, 'test')
  const before = (await stored()).length
  const event = { eventId: 'e-1', url: 'http://127.0.0.1:1/', domain: '127.0.0.1', timestamp: 1700000000000, props: { type: 'track', event: 'MODAL_OPEN' } }
  const res = await get(ctx, '/e?projectId=test&st=appkit&sv=html-1.0.0', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) })
  assert.is(res.status, 200)
  assert.is((await stored()).length, before + 1)
  assert.equal((await stored()).at(-1), { eventId: 'e-1', projectId: 'test', st: 'appkit', sv: 'html-1.0.0', url: event.url, domain: event.domain, event: 'MODAL_OPEN', timestamp: event.timestamp, props: event.props })

  const bad = await get(ctx, '/e?projectId=test', { method: 'POST', body: JSON.stringify({ ...event, eventId: undefined }) })
  assert.is(bad.status, 400)
  assert.match(((await bad.json()) as { reason: string }).reason, /eventId/)
  const notJson = await get(ctx, '/e?projectId=test', { method: 'POST', body: '{oops' })
  assert.is(notJson.status, 400)
  assert.is((await stored()).length, before + 1)
})

test('CORS: preflight is answered and every response allows any origin', async (ctx) => {
  const pre = await get(ctx, '/getWallets?projectId=test', {
    method: 'OPTIONS',
    headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-project-id, x-sdk-type' },
  })
  assert.is(pre.status, 204)
  assert.is(pre.headers.get('access-control-allow-origin'), '*')
  assert.match(pre.headers.get('access-control-allow-methods') ?? '', /GET/)
  assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/)
  assert.is(pre.headers.get('access-control-allow-headers'), 'x-project-id, x-sdk-type')
  for (const path of ['/getWallets?projectId=test&entries=1', '/getWallets?projectId=bad', '/nope']) {
    const res = await get(ctx, path, { headers: { origin: 'http://127.0.0.1:5173' } })
    assert.is(res.headers.get('access-control-allow-origin'), '*', path)
  }
})

test.run()
