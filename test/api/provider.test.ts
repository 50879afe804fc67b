// The provider API client against the reference API server (real HTTP on loopback, no fetch mocks).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  getAllowedOrigins,
  getAnalyticsConfig,
  getWallets,
  INVALID_APP_CONFIGURATION,
  isOriginAllowed,
  SDK_TYPE,
  SDK_VERSION,
  sendEvent,
  walletImageUrl,
  type ProviderConfig,
} from '../../src/api/provider'
import { startProviderStack, type ProviderStack } from './provider-stack'
import { readEvents } from '../../server/events.ts'
import { watchdogMs } from '../watchdog.ts'

const METAMASK = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
const TRUST = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'

let stack: ProviderStack
const config = (extra: Partial<ProviderConfig> = {}): ProviderConfig => ({ apiUrl: stack.url, projectId: 'test', ...extra })
const watchdog = setTimeout(() => {
  console.error('provider.test.ts: timed out')
  process.exit(1)
}, watchdogMs(90_000))

const test = suite('api/provider')
test.before(async () => {
  stack = await startProviderStack()
})
test.after(async () => {
  await stack?.stop()
  clearTimeout(watchdog)
})

test('default: every call sends projectId, st and sv', async () => {
  stack.hits.length = 0
  await getWallets(config(), { page: 1, entries: 1 })
  await getAllowedOrigins(config())
  await getAnalyticsConfig(config())
  await sendEvent(config(), { eventId: 'e1', url: 'http://localhost/', domain: 'localhost', timestamp: 1, props: { event: 'X' } })
  assert.is(stack.hits.length, 4)
  for (const hit of stack.hits) {
    const q = new URL(hit, stack.url).searchParams
    assert.is(q.get('projectId'), 'test', hit)
    assert.is(q.get('st'), SDK_TYPE, hit)
    assert.is(q.get('sv'), SDK_VERSION, hit)
  }
  assert.is(SDK_VERSION, 'html-postern-0.1.0')
})

test('parameters: getWallets pages, includes, excludes, searches and filters by chains', async () => {
  const first = await getWallets(config(), { page: 1, entries: 40 })
  assert.is(first.data.length, 40)
  assert.ok(first.count >= 500)
  assert.is(first.data[0]!.id, METAMASK)
  assert.is(first.data[0]!.rdns, 'io.metamask')
  assert.ok(first.data[0]!.image_id)
  assert.not.ok('injected' in first.data[0]!, 'unused fields are dropped')

  const second = await getWallets(config(), { page: 2, entries: 40 })
  assert.is(new Set([...first.data, ...second.data].map((w) => w.id)).size, 80)

  const included = await getWallets(config(), { page: 1, entries: 10, include: [TRUST, METAMASK] })
  assert.equal(included.data.map((w) => w.id).sort(), [METAMASK, TRUST].sort())

  const excluded = await getWallets(config(), { page: 1, entries: 5, exclude: [METAMASK] })
  assert.not.ok(excluded.data.some((w) => w.id === METAMASK))

  const found = await getWallets(config(), { page: 1, entries: 100, search: 'meta' })
  assert.ok(found.data.some((w) => w.name === 'MetaMask'))
  assert.ok(found.data.length <= 100)

  const evm = await getWallets(config(), { page: 1, entries: 100, chains: ['eip155:137'] })
  assert.ok(evm.data.every((w) => w.chains?.includes('eip155:137')))
  assert.ok(evm.count < first.count)

  const none = await getWallets(config(), { page: 1, entries: 40, search: 'zzqqxxnonsense' })
  assert.equal(none, { data: [], count: 0 })
})

test('behavior: a 403 calls onForbidden and throws the spec message; fallbacks apply', async () => {
  const forbidden: string[] = []
  const bad = config({ projectId: 'unknown-project', onForbidden: (path) => forbidden.push(path) })
  try {
    await getWallets(bad, { page: 1, entries: 40 })
    assert.unreachable('should throw')
  } catch (error) {
    assert.is((error as Error).message, INVALID_APP_CONFIGURATION)
    assert.is((error as { code: unknown }).code, 403)
  }
  assert.equal(await getAllowedOrigins(bad), [])
  assert.equal(await getAnalyticsConfig(bad), { isAnalyticsEnabled: false })
  assert.is(await sendEvent(bad, { eventId: 'x', url: '', domain: '', timestamp: 0, props: {} }), false)
  assert.equal(forbidden, ['/getWallets', '/projects/v1/origins', '/getAnalyticsConfig', '/e'])
})

test('behavior: an unreachable server gives the documented fallbacks', async () => {
  const down = { apiUrl: 'http://127.0.0.1:9', projectId: 'test' }
  assert.equal(await getAllowedOrigins(down), [])
  assert.equal(await getAnalyticsConfig(down), { isAnalyticsEnabled: false })
  assert.is(await sendEvent(down, { eventId: 'x', url: '', domain: '', timestamp: 0, props: {} }), false)
  try {
    await getWallets(down, { page: 1, entries: 40 })
    assert.unreachable('should throw')
  } catch (error) {
    assert.instance(error, Error)
  }
  // A reply of the wrong shape (an image, not JSON) is refused, not trusted.
  try {
    await getWallets({ apiUrl: `${stack.url}/getWalletImage/x?`, projectId: 'test' }, { page: 1, entries: 1 })
    assert.unreachable('should throw')
  } catch (error) {
    assert.instance(error, Error)
  }
})

test('behavior: origins and analytics config from the server', async () => {
  assert.equal(await getAllowedOrigins(config()), ['http://127.0.0.1:*', 'http://localhost:*'])
  assert.equal(await getAnalyticsConfig(config()), { isAnalyticsEnabled: true })
  const before = (await readEvents(stack.api.db, 'test')).length
  assert.is(await sendEvent(config(), { eventId: 'id-1', url: 'http://localhost:3000/', domain: 'localhost', timestamp: 5, props: { event: 'MODAL_OPEN' } }), true)
  const stored = await readEvents(stack.api.db, 'test')
  assert.is(stored.length, before + 1)
  const recorded = stored.find((e) => e.eventId === 'id-1')!
  assert.is(recorded.eventId, 'id-1')
  assert.is(recorded.st, SDK_TYPE)
})

test('behavior: walletImageUrl builds a fetchable image URL', async () => {
  const url = walletImageUrl(config(), 'b5b0b730-3909-1208-8776-b0fddba58465')
  const parsed = new URL(url)
  assert.is(parsed.pathname, '/getWalletImage/b5b0b730-3909-1208-8776-b0fddba58465')
  assert.is(parsed.searchParams.get('projectId'), 'test')
  const res = await fetch(url)
  assert.is(res.status, 200)
  assert.match(res.headers.get('content-type') ?? '', 'image/svg')
  assert.is(new URL(walletImageUrl(config(), 'a/b')).pathname, '/getWalletImage/a%2Fb')
})

test('behavior: isOriginAllowed matches exact origins and * wildcards', () => {
  const list = ['http://127.0.0.1:*', 'https://app.example.com', 'https://*.example.org']
  assert.ok(isOriginAllowed('http://127.0.0.1:5173', list))
  assert.ok(isOriginAllowed('https://app.example.com', list))
  assert.ok(isOriginAllowed('https://www.example.org', list))
  assert.not.ok(isOriginAllowed('http://127.0.0.2:5173', list))
  assert.not.ok(isOriginAllowed('https://evil.com', list))
  assert.not.ok(isOriginAllowed('https://example.org.evil.com', list))
  assert.not.ok(isOriginAllowed('http://127.0.0.1:80@evil.com', list))
  assert.not.ok(isOriginAllowed('https://app.example.com', []))
})

test.run()
