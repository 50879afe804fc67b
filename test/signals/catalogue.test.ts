// Browsing the catalogue against the reference API server: pages, filters, featured and
// recommended, search, and the icons' prefetch.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { checkProjectConfig, hasMorePages, imageLoaded, loadCatalogue, loadNextPage, PAGE_SIZE, preloadImage, searchWallets } from '../../src/signals/catalogue'
import { polygon } from '../../src/networks'
import { fixture, withStack, METAMASK, TRUST, COINBASE_NAME, storeWith, installed } from './catalogue-fixture'
import { tick, waitFor } from '../render'

const test = suite('signals/catalogue')
withStack(test, 'signals/catalogue')

test('behavior: pages of 40 are appended without repeats, with the networks as chains', async () => {
  const store = storeWith()
  assert.ok(hasMorePages(store))
  // Concurrent calls share one request.
  await Promise.all([loadNextPage(store), loadNextPage(store), loadNextPage(store)])
  assert.is(fixture.stack.hitsOf('/getWallets').length, 1)
  await loadNextPage(store)
  await loadNextPage(store)
  const all = store.wallets.all.value
  assert.is(all.length, 3 * PAGE_SIZE)
  assert.is(new Set(all.map((w) => w.id)).size, all.length)
  const pages = fixture.stack.hitsOf('/getWallets')
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
  const requests = fixture.stack.hitsOf('/getWallets').length
  await loadNextPage(store)
  assert.is(fixture.stack.hitsOf('/getWallets').length, requests, 'no request past the end')
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
  assert.is(fixture.stack.hitsOf('/getWallets')[0]!.searchParams.get('exclude'), METAMASK)

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
  const calls = fixture.stack.hitsOf('/getWallets')
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
  assert.equal(fixture.stack.hits, [])
})

test('behavior: search waits 300 ms of quiet, asks for up to 100, and finds by name', async () => {
  const store = storeWith()
  const typing = [searchWallets(store, 'm'), searchWallets(store, 'me')]
  await tick(50)
  const last = searchWallets(store, 'meta')
  assert.is(store.wallets.searching.value, true)
  assert.is(fixture.stack.hitsOf('/getWallets').length, 0, 'nothing sent while typing')
  await Promise.all([...typing, last])
  const sent = fixture.stack.hitsOf('/getWallets')
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
  assert.is(fixture.stack.hitsOf('/getWallets').length, 3, 'an empty query sends nothing')
})

test('behavior: the latest query wins over a slower earlier answer', async () => {
  const store = storeWith()
  const release = fixture.stack.hold((u) => u.searchParams.get('search') === 'meta')
  let slow: Promise<void>
  try {
    slow = searchWallets(store, 'meta')
    await waitFor(() => fixture.stack.hitsOf('/getWallets').length === 1, 'meta request sent')
    await searchWallets(store, 'trust')
    assert.ok(store.wallets.results.value.some((w) => w.name === 'Trust Wallet'))
  } finally {
    release()
  }
  await slow
  await waitFor(() => fixture.stack.hitsOf('/getWallets').length === 2, 'both sent')
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
    await waitFor(() => fixture.stack.hitsOf('/getWallets').length && new Set(fixture.stack.hits.filter((h) => h.startsWith('/getWalletImage/'))).size >= 20, '20 images')
    await tick(100)
    const images = new Set(fixture.stack.hits.filter((h) => h.startsWith('/getWalletImage/')))
    assert.equal(images, new Set(store.wallets.all.value.slice(0, 20).map((w) => new URL(w.image_url!).pathname + new URL(w.image_url!).search)))
    const firstUrl = store.wallets.all.value[0]!.image_url!
    assert.is(await preloadImage(store, firstUrl), true)
    assert.is(imageLoaded(store, firstUrl), true)

    const slowId = store.wallets.all.value[30]!.image_id!
    const release = fixture.stack.hold((u) => u.pathname.endsWith(slowId))
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

test.run()
