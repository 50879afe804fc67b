// The catalogue at open and on a choice, against the reference API server: choosing a wallet and
// the recent ones, the project's configuration (403, allowed origins), and the API failing at open.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { chooseCatalogueWallet, checkProjectConfig, loadCatalogue, loadNextPage, searchWallets } from '../../src/signals/catalogue'
import { currentRoute } from '../../src/signals/modal'
import { STORAGE_KEYS } from '../../src/utils/storage-keys'
import { CATALOGUE_CACHE_KEY } from '../../src/signals/catalogue-cache'
import { fixture, withStack, METAMASK, TRUST, storeWith, installed, toasts, quietConsole } from './catalogue-fixture'
import { tick } from '../render'

const test = suite('signals/catalogue-open')
withStack(test, 'signals/catalogue-open')

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
  assert.is(fixture.stack.hitsOf('/projects/v1/origins').length, 0)
  assert.is(fixture.stack.hitsOf('/getAnalyticsConfig').length, 1)
  assert.is(off.wallets.analytics.value, true)

  const allowed = storeWith() // email is on by default; happy-dom's origin is http://localhost:3000
  const allowedToasts = toasts(allowed)
  await checkProjectConfig(allowed)
  await checkProjectConfig(allowed)
  assert.is(fixture.stack.hitsOf('/projects/v1/origins').length, 1)
  assert.equal(allowedToasts, [])

  fixture.stack.api.setAllowedOrigins(['https://shop.example.com'])
  try {
    const refused = storeWith({ features: { email: false } })
    const shown = toasts(refused)
    const { errors } = await quietConsole(() => checkProjectConfig(refused))
    assert.is(shown.length, 1)
    assert.match(shown[0]!, 'Invalid App Configuration')
    assert.ok(errors.some((e) => e.includes('http://localhost:3000')))
  } finally {
    fixture.stack.api.setAllowedOrigins(['http://127.0.0.1:*', 'http://localhost:*'])
  }

  const noAnalytics = storeWith({ features: { analytics: false } })
  fixture.stack.hits.length = 0
  await checkProjectConfig(noAnalytics)
  assert.is(fixture.stack.hitsOf('/getAnalyticsConfig').length, 0)
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
  const hits = fixture.stack.hitsOf('/getWallets').length
  await loadCatalogue(good) // answered requests are shared within an instance
  assert.is(fixture.stack.hitsOf('/getWallets').length, hits)
  localStorage.setItem(CATALOGUE_CACHE_KEY, JSON.stringify({ recommended: [{ id: 7, name: 'Not a wallet' }] }))
  const corrupt = storeWith({ apiUrl: 'http://127.0.0.1:9' })
  await quietConsole(() => loadCatalogue(corrupt))
  assert.equal(corrupt.wallets.recommended.value, [])
})

test.run()
