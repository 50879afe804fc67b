// The catalogue actions against the reference API server (behind a recording proxy; no mocks).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { effect } from '@preact/signals-core'
import { createStore, type Store } from '../../src/signals/store'
import { parseOptions, type AppKitOptions } from '../../src/signals/options'
import { mainnet, polygon } from '../../src/networks'
import type { Connector } from '../../src/types'
import {
  chooseCatalogueWallet,
  checkProjectConfig,
  hasMorePages,
  imageLoaded,
  loadCatalogue,
  loadNextPage,
  PAGE_SIZE,
  preloadImage,
  searchWallets,
} from '../../src/signals/catalogue'
import { currentRoute } from '../../src/signals/modal'
import { STORAGE_KEYS } from '../../src/utils/storage-keys'
import { CATALOGUE_CACHE_KEY } from '../../src/signals/catalogue-cache'
import { startProviderStack, type ProviderStack } from '../api/provider-stack'
import { tick, waitFor } from '../render'

const METAMASK = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
const TRUST = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'
const COINBASE_NAME = 'Coinbase Wallet'

let stack: ProviderStack
const watchdog = setTimeout(() => {
  process.stderr.write('catalogue.test.ts: timed out\n')
  process.exit(1)
}, 120_000)

function storeWith(options: Partial<AppKitOptions> = {}): Store {
  return createStore(parseOptions({ projectId: 'test', networks: [mainnet, polygon], apiUrl: stack.url, ...options }))
}

function installed(rdns: string, name: string): Connector {
  return { id: rdns, uid: `eip155:${rdns}`, name, type: 'ANNOUNCED', chain: 'eip155', info: { rdns } }
}

/** Every error toast message shown on a store, in order. */
function toasts(store: Store): string[] {
  const seen: string[] = []
  effect(() => {
    const t = store.toast.current.value
    if (t && seen.at(-1) !== `${t.id}:${t.message}`) seen.push(`${t.id}:${t.message}`)
  })
  return seen
}

function quietConsole<T>(run: () => Promise<T>): Promise<{ result: T; errors: string[] }> {
  const errors: string[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '))
  return run().then(
    (result) => ((console.error = original), { result, errors }),
    (error) => {
      console.error = original
      throw error
    },
  )
}

const test = suite('signals/catalogue')
test.before(async () => {
  stack = await startProviderStack()
})
test.before.each(() => {
  stack.hits.length = 0
  localStorage.clear()
})
test.after(async () => {
  await stack?.stop()
  clearTimeout(watchdog)
})

test('behavior: pages of 40 are appended without repeats, with the networks as chains', async () => {
  const store = storeWith()
  assert.ok(hasMorePages(store))
  // Concurrent calls share one request.
  await Promise.all([loadNextPage(store), loadNextPage(store), loadNextPage(store)])
  assert.is(stack.hitsOf('/getWallets').length, 1)
  await loadNextPage(store)
  await loadNextPage(store)
  const all = store.wallets.all.value
  assert.is(all.length, 3 * PAGE_SIZE)
  assert.is(new Set(all.map((w) => w.id)).size, all.length)
  const pages = stack.hitsOf('/getWallets')
  assert.equal(pages.map((u) => u.searchParams.get('page')), ['1', '2', '3'])
  for (const u of pages) {
    assert.is(u.searchParams.get('entries'), '40')
    assert.is(u.searchParams.get('chains'), 'eip155:1,eip155:137')
  }
  assert.ok(all.every((w) => w.image_url?.includes('/getWalletImage/')), 'every wallet has an icon URL')
  assert.is(store.wallets.page.value, 3)
  assert.ok(store.wallets.count.value > 120)
})

test('behavior: paging stops at the end of the catalogue', async () => {
  const store = storeWith({ networks: [polygon] })
  while (hasMorePages(store)) await loadNextPage(store)
  const requests = stack.hitsOf('/getWallets').length
  await loadNextPage(store)
  assert.is(stack.hitsOf('/getWallets').length, requests, 'no request past the end')
  const all = store.wallets.all.value
  assert.is(all.length, store.wallets.count.value)
  assert.is(new Set(all.map((w) => w.id)).size, all.length)
  assert.ok(all.every((w) => w.chains?.includes('eip155:137')))
})

test('parameters: excludeWalletIds by id, rdns or name; includeWalletIds', async () => {
  const store = storeWith({ excludeWalletIds: [METAMASK, 'com.trustwallet.app', COINBASE_NAME] })
  await loadNextPage(store)
  const names = store.wallets.all.value.map((w) => w.name)
  assert.not.ok(names.includes('MetaMask'))
  assert.not.ok(names.includes('Trust Wallet'))
  assert.not.ok(names.includes(COINBASE_NAME))
  // Only explorer ids go to the server (it validates them); the rest is filtered here.
  assert.is(stack.hitsOf('/getWallets')[0]!.searchParams.get('exclude'), METAMASK)

  const only = storeWith({ includeWalletIds: [TRUST, METAMASK] })
  await loadNextPage(only)
  assert.equal(only.wallets.all.value.map((w) => w.id).sort(), [METAMASK, TRUST].sort())
  assert.not.ok(hasMorePages(only))
})

test('behavior: featured and recommended are fetched once per key; recommended skips featured and installed', async () => {
  const store = storeWith({ featuredWalletIds: [TRUST, METAMASK] })
  store.connection.connectors.value = [installed('io.rabby', 'Rabby Wallet')]
  const first = loadCatalogue(store)
  assert.is(store.wallets.loading.value, true)
  await Promise.all([first, loadCatalogue(store)])
  await loadCatalogue(store)
  assert.is(store.wallets.loading.value, false)
  const calls = stack.hitsOf('/getWallets')
  assert.is(calls.filter((u) => u.searchParams.get('include') === `${TRUST},${METAMASK}`).length, 1, 'featured once')
  assert.is(calls.length, 2, `two requests in all: ${calls.map((u) => u.search).join(' | ')}`)
  assert.equal(store.wallets.featured.value.map((w) => w.id), [TRUST, METAMASK], 'featured in the given order')
  const recommended = store.wallets.recommended.value
  assert.is(recommended.length, 4)
  assert.not.ok(recommended.some((w) => w.id === TRUST || w.id === METAMASK))
  assert.not.ok(recommended.some((w) => w.rdns === 'io.rabby'))
  assert.ok(recommended.every((w) => w.image_url))
  const rec = calls.find((u) => !u.searchParams.get('include'))!
  assert.is(rec.searchParams.get('exclude'), `${TRUST},${METAMASK}`)
  assert.is(rec.searchParams.get('chains'), 'eip155:1,eip155:137')
})

test('behavior: nothing is fetched without a project id', async () => {
  const store = storeWith({ projectId: undefined })
  await loadCatalogue(store)
  await checkProjectConfig(store)
  assert.equal(stack.hits, [])
})

test('behavior: search waits 300 ms of quiet, asks for up to 100, and finds by name', async () => {
  const store = storeWith()
  const typing = [searchWallets(store, 'm'), searchWallets(store, 'me')]
  await tick(50)
  const last = searchWallets(store, 'meta')
  assert.is(store.wallets.searching.value, true)
  assert.is(stack.hitsOf('/getWallets').length, 0, 'nothing sent while typing')
  await Promise.all([...typing, last])
  const sent = stack.hitsOf('/getWallets')
  assert.is(sent.length, 1)
  assert.is(sent[0]!.searchParams.get('search'), 'meta')
  assert.is(sent[0]!.searchParams.get('entries'), '100')
  assert.ok(store.wallets.results.value.some((w) => w.name === 'MetaMask'))
  assert.is(store.wallets.searching.value, false)

  await searchWallets(store, 'a')
  assert.ok(store.wallets.results.value.length > 40 && store.wallets.results.value.length <= 100)

  await searchWallets(store, 'zzqqxxnonsense')
  assert.equal(store.wallets.results.value, [])
  await searchWallets(store, '  ')
  assert.is(store.wallets.query.value, '')
  assert.is(stack.hitsOf('/getWallets').length, 3, 'an empty query sends nothing')
})

test('behavior: the latest query wins over a slower earlier answer', async () => {
  const store = storeWith()
  const release = stack.hold((u) => u.searchParams.get('search') === 'meta')
  let slow: Promise<void>
  try {
    slow = searchWallets(store, 'meta')
    await waitFor(() => stack.hitsOf('/getWallets').length === 1, 'meta request sent')
    await searchWallets(store, 'trust')
    assert.ok(store.wallets.results.value.some((w) => w.name === 'Trust Wallet'))
  } finally {
    release()
  }
  await slow
  await waitFor(() => stack.hitsOf('/getWallets').length === 2, 'both sent')
  await tick(50)
  assert.is(store.wallets.query.value, 'trust')
  assert.ok(store.wallets.results.value.some((w) => w.name === 'Trust Wallet'))
  assert.not.ok(store.wallets.results.value.some((w) => w.name === 'MetaMask'))
})

test('behavior: 20 icons are prefetched per page; a preload gives up at 2 s and stays a placeholder', async () => {
  const settings = (globalThis as unknown as { happyDOM: { settings: { enableImageFileLoading: boolean } } }).happyDOM.settings
  settings.enableImageFileLoading = true
  try {
    const store = storeWith()
    await loadNextPage(store)
    await waitFor(() => stack.hitsOf('/getWallets').length && new Set(stack.hits.filter((h) => h.startsWith('/getWalletImage/'))).size >= 20, '20 images', 5000)
    await tick(100)
    const images = new Set(stack.hits.filter((h) => h.startsWith('/getWalletImage/')))
    assert.equal(images, new Set(store.wallets.all.value.slice(0, 20).map((w) => new URL(w.image_url!).pathname + new URL(w.image_url!).search)))
    const firstUrl = store.wallets.all.value[0]!.image_url!
    assert.is(await preloadImage(store, firstUrl), true)
    assert.is(imageLoaded(store, firstUrl), true)

    const slowId = store.wallets.all.value[30]!.image_id!
    const release = stack.hold((u) => u.pathname.endsWith(slowId))
    const slowUrl = store.wallets.all.value[30]!.image_url!
    assert.is(await preloadImage(store, slowUrl), false)
    release()
    await tick(100)
    assert.is(imageLoaded(store, slowUrl), false)
    assert.is(await preloadImage(store, slowUrl), false, 'the placeholder stays')
  } finally {
    settings.enableImageFileLoading = false
  }
})

test('behavior: choosing a wallet opens ConnectingExternal when installed, else ConnectingWalletConnect; two recent', async () => {
  const store = storeWith()
  store.connection.connectors.value = [installed('io.metamask', 'MetaMask')]
  await loadNextPage(store)
  const [metamask, trust, third] = store.wallets.all.value
  chooseCatalogueWallet(store, metamask!)
  assert.equal(currentRoute(store), { view: 'ConnectingExternal', data: { connectorUid: 'eip155:io.metamask', name: 'MetaMask' } })
  chooseCatalogueWallet(store, trust!)
  const route = currentRoute(store)
  assert.is(route.view, 'ConnectingWalletConnect')
  assert.is(route.data?.walletId, TRUST)
  assert.is(route.data?.name, 'Trust Wallet')
  assert.is((route.data?.wallet as { id: string }).id, TRUST)
  chooseCatalogueWallet(store, third!)
  chooseCatalogueWallet(store, trust!)
  assert.equal(store.wallets.recent.value.map((w) => w.id), [TRUST, third!.id])
  const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.recentWallets)!) as { id: string }[]
  assert.equal(stored.map((w) => w.id), [TRUST, third!.id])

  // A new instance reads them back when Connect opens.
  const next = storeWith()
  await loadCatalogue(next)
  assert.equal(next.wallets.recent.value.map((w) => w.id), [TRUST, third!.id])
})

test('behavior: a corrupt recent-wallets value is ignored', async () => {
  localStorage.setItem(STORAGE_KEYS.recentWallets, '{not json')
  const store = storeWith()
  await loadCatalogue(store)
  assert.equal(store.wallets.recent.value, [])
})

test('behavior: a 403 shows Invalid App Configuration once, with one console error', async () => {
  const store = storeWith({ projectId: 'unknown-project' })
  const shown = toasts(store)
  const { errors } = await quietConsole(async () => {
    await loadCatalogue(store)
    await checkProjectConfig(store)
    await loadNextPage(store)
    await searchWallets(store, 'meta')
  })
  await tick(200)
  assert.is(shown.length, 1)
  assert.match(shown[0]!, 'Invalid App Configuration')
  assert.is(errors.filter((e) => e.includes('[postern] Invalid App Configuration')).length, 1)
  assert.is(store.wallets.error.value, 'Invalid App Configuration')
  assert.is(store.wallets.analytics.value, false)
})

test('behavior: origins are checked only with e-mail or socials on; a foreign origin is refused once', async () => {
  const off = storeWith({ features: { email: false, socials: false } })
  await checkProjectConfig(off)
  assert.is(stack.hitsOf('/projects/v1/origins').length, 0)
  assert.is(stack.hitsOf('/getAnalyticsConfig').length, 1)
  assert.is(off.wallets.analytics.value, true)

  const allowed = storeWith() // email is on by default; happy-dom's origin is http://localhost:3000
  const allowedToasts = toasts(allowed)
  await checkProjectConfig(allowed)
  await checkProjectConfig(allowed)
  assert.is(stack.hitsOf('/projects/v1/origins').length, 1)
  assert.equal(allowedToasts, [])

  stack.api.setAllowedOrigins(['https://shop.example.com'])
  try {
    const refused = storeWith({ features: { email: false } })
    const shown = toasts(refused)
    const { errors } = await quietConsole(() => checkProjectConfig(refused))
    assert.is(shown.length, 1)
    assert.match(shown[0]!, 'Invalid App Configuration')
    assert.ok(errors.some((e) => e.includes('http://localhost:3000')))
  } finally {
    stack.api.setAllowedOrigins(['http://127.0.0.1:*', 'http://localhost:*'])
  }

  const noAnalytics = storeWith({ features: { analytics: false } })
  stack.hits.length = 0
  await checkProjectConfig(noAnalytics)
  assert.is(stack.hitsOf('/getAnalyticsConfig').length, 0)
  assert.is(noAnalytics.wallets.analytics.value, false)
})

test('behavior: the API failing at open: featured and recommended are the last good ones from storage; the next open asks the API again; a stored value of the wrong shape is not used', async () => {
  const good = storeWith({ featuredWalletIds: [TRUST, METAMASK] })
  await loadCatalogue(good)
  const featured = good.wallets.featured.value.map((w) => w.id)
  const recommended = good.wallets.recommended.value.map((w) => w.id)
  assert.equal(featured, [TRUST, METAMASK])
  assert.is(recommended.length, 4)
  // The API unreachable: nothing listens on port 9.
  const down = storeWith({ featuredWalletIds: [TRUST, METAMASK], apiUrl: 'http://127.0.0.1:9' })
  await quietConsole(() => loadCatalogue(down))
  assert.equal(down.wallets.featured.value.map((w) => w.id), featured)
  assert.equal(down.wallets.recommended.value.map((w) => w.id), recommended)
  assert.ok(down.wallets.recommended.value.every((w) => w.image_url), 'icons as from the API')
  const hits = stack.hitsOf('/getWallets').length
  await loadCatalogue(good) // answered requests are shared within an instance
  assert.is(stack.hitsOf('/getWallets').length, hits)
  localStorage.setItem(CATALOGUE_CACHE_KEY, JSON.stringify({ recommended: [{ id: 7, name: 'Not a wallet' }] }))
  const corrupt = storeWith({ apiUrl: 'http://127.0.0.1:9' })
  await quietConsole(() => loadCatalogue(corrupt))
  assert.equal(corrupt.wallets.recommended.value, [])
})

test.run()
