import { batch } from '@preact/signals-core'
import type { Store } from './store'
import type { CatalogueWallet, Connector } from '../types'
import {
  getAllowedOrigins,
  getAnalyticsConfig,
  getWallets,
  INVALID_APP_CONFIGURATION,
  isOriginAllowed,
  walletImageUrl,
  type ProviderConfig,
} from '../api/provider'
import { errorMessage } from '../utils/errors'
import { loadRecentWallets, rememberRecentWallet } from './recent-wallets'
import { pushView } from './modal'
import { showToast } from './toast'
import { emitEvent } from './events'
import { preloadImage } from './wallet-images'

export { imageLoaded, preloadImage, IMAGE_TIMEOUT_MS } from './wallet-images'

/** SPEC section 9. */
export const PAGE_SIZE = 40
export const RECOMMENDED_COUNT = 4
export const SEARCH_LIMIT = 100
export const SEARCH_WAIT_MS = 300
export const PREFETCH_IMAGES = 20

/** What the catalogue remembers per instance, beside the signals (requests in flight, timers). */
interface Runtime {
  requests: Map<string, Promise<{ data: CatalogueWallet[]; count: number }>>
  page?: Promise<void>
  loads: number
  searchSeq: number
  searchTimer?: ReturnType<typeof setTimeout>
  searchDone?: () => void
  reported: boolean
  checked?: Promise<void>
  recentLoaded: boolean
}

const runtimes = new WeakMap<Store, Runtime>()

function runtime(store: Store): Runtime {
  let rt = runtimes.get(store)
  if (!rt) {
    rt = { requests: new Map(), loads: 0, searchSeq: 0, reported: false, recentLoaded: false }
    runtimes.set(store, rt)
  }
  return rt
}

/** 'Invalid App Configuration' (403 or origin not allowed), once per instance, with a console error. */
export function reportInvalidConfig(store: Store, detail: string): void {
  const rt = runtime(store)
  if (rt.reported) return
  rt.reported = true
  console.error(`[postern] ${INVALID_APP_CONFIGURATION}: ${detail}`)
  showToast(store, 'error', INVALID_APP_CONFIGURATION)
}

export function providerConfig(store: Store): ProviderConfig {
  const { apiUrl, projectId } = store.options
  return {
    apiUrl,
    projectId,
    onForbidden: (path) => reportInvalidConfig(store, `${path} answered 403: check the project id "${projectId}"`),
  }
}

/** A catalogue wallet's icon URL: its own image_url, else the provider's image by id. */
export function walletImage(store: Store, wallet: CatalogueWallet): string | undefined {
  return wallet.image_url ?? (wallet.image_id ? walletImageUrl(providerConfig(store), wallet.image_id) : undefined)
}

/** The wallet with image_url filled in, so every list can show its icon. */
export function withImage(store: Store, wallet: CatalogueWallet): CatalogueWallet {
  return wallet.image_url ? wallet : { ...wallet, image_url: walletImage(store, wallet) }
}

// Explorer ids go to the server; rdns and names (SPEC: exclusion by id, rdns or name) filter here.
const EXPLORER_ID = /^[0-9a-zA-Z_-]{1,128}$/
const explorerIds = (list?: readonly string[]) => (list ?? []).filter((id) => EXPLORER_ID.test(id))

function isExcluded(store: Store, wallet: CatalogueWallet): boolean {
  const excluded = store.options.excludeWalletIds
  if (!excluded?.length) return false
  const keys = [wallet.id, wallet.rdns, wallet.name].filter(Boolean).map((k) => k!.toLowerCase())
  return excluded.some((e) => keys.includes(e.toLowerCase()))
}

function baseQuery(store: Store) {
  return {
    include: explorerIds(store.options.includeWalletIds),
    exclude: explorerIds(store.options.excludeWalletIds),
    chains: store.network.networks.peek().map((n) => n.caipNetworkId),
  }
}

/** One request per key: concurrent and repeated calls share it; a failure may be retried. */
function once(store: Store, key: string, load: () => Promise<{ data: CatalogueWallet[]; count: number }>) {
  const { requests } = runtime(store)
  let request = requests.get(key)
  if (!request) {
    request = load()
    requests.set(key, request)
    request.catch(() => requests.delete(key))
  }
  return request
}

/** featuredWalletIds, in the site's order. */
export async function fetchFeatured(store: Store): Promise<void> {
  const ids = explorerIds(store.options.featuredWalletIds).slice(0, SEARCH_LIMIT)
  if (!ids.length || !store.options.projectId) return
  const { data } = await once(store, `featured:${ids}`, () => getWallets(providerConfig(store), { page: 1, entries: ids.length, include: ids }))
  store.wallets.featured.value = data
    .filter((w) => !isExcluded(store, w))
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .map((w) => withImage(store, w))
}

/** Four popular wallets, not featured and not already installed (by rdns). */
export async function fetchRecommended(store: Store): Promise<void> {
  if (!store.options.projectId) return
  const featured = explorerIds(store.options.featuredWalletIds)
  const installed = new Set(installedRdns(store.connection.connectors.peek()))
  const query = { ...baseQuery(store), page: 1, entries: Math.min(SEARCH_LIMIT, RECOMMENDED_COUNT + installed.size) }
  query.exclude = [...new Set([...query.exclude, ...featured])]
  const { data } = await once(store, `recommended:${JSON.stringify(query)}`, () => getWallets(providerConfig(store), query))
  store.wallets.recommended.value = data
    .filter((w) => !isExcluded(store, w) && !featured.includes(w.id) && !(w.rdns && installed.has(w.rdns)))
    .slice(0, RECOMMENDED_COUNT)
    .map((w) => withImage(store, w))
}

function installedRdns(connectors: readonly Connector[]): string[] {
  return connectors.flatMap((c) => (c.info?.rdns ? [c.info.rdns] : []))
}

/**
 * What Connect needs from the provider API, started when Connect first opens (never at page
 * load): recent wallets from storage, featured and recommended, and the project checks.
 */
export function loadCatalogue(store: Store): Promise<void> {
  const rt = runtime(store)
  loadRecent(store)
  void checkProjectConfig(store)
  rt.loads++
  store.wallets.loading.value = true
  return Promise.allSettled([fetchFeatured(store), fetchRecommended(store)]).then(() => {
    if (--rt.loads === 0) store.wallets.loading.value = false
  })
}

/** Recent wallets from storage, read once per instance (a corrupt value reads as none). */
export function loadRecent(store: Store): void {
  const rt = runtime(store)
  if (rt.recentLoaded) return
  rt.recentLoaded = true
  store.wallets.recent.value = loadRecentWallets()
}

export function hasMorePages(store: Store): boolean {
  const { page, count } = store.wallets
  return page.value === 0 || page.value * PAGE_SIZE < count.value
}

/** The next 40 wallets, appended without repeats; a call while one is loading shares it. */
export function loadNextPage(store: Store): Promise<void> {
  const rt = runtime(store)
  if (rt.page) return rt.page
  if (!hasMorePages(store)) return Promise.resolve()
  const w = store.wallets
  const page = w.page.peek() + 1
  batch(() => {
    w.pageLoading.value = true
    w.error.value = undefined
  })
  rt.page = getWallets(providerConfig(store), { ...baseQuery(store), page, entries: PAGE_SIZE })
    .then(({ data, count }) => {
      const all = w.all.peek()
      const seen = new Set(all.map((x) => x.id))
      const fresh = data
        .filter((x) => !isExcluded(store, x) && !seen.has(x.id) && !!seen.add(x.id))
        .map((x) => withImage(store, x))
      batch(() => {
        w.all.value = fresh.length ? [...all, ...fresh] : all
        // A short page is the last one, whatever count says.
        w.count.value = data.length < PAGE_SIZE ? Math.min(count, (page - 1) * PAGE_SIZE + data.length) : count
        w.page.value = page
      })
      prefetchImages(store, fresh)
    })
    .catch((error) => {
      w.error.value = errorMessage(error, 'Failed to load wallets')
    })
    .finally(() => {
      w.pageLoading.value = false
      rt.page = undefined
    })
  return rt.page
}

/**
 * Searches the catalogue by name after a 300 ms quiet period; only the latest query's answer
 * is shown. An empty query clears the results. Resolves when this query is answered or replaced.
 */
export function searchWallets(store: Store, input: string): Promise<void> {
  const rt = runtime(store)
  const w = store.wallets
  const query = input.trim()
  const seq = ++rt.searchSeq
  clearTimeout(rt.searchTimer)
  rt.searchDone?.()
  rt.searchDone = undefined
  batch(() => {
    w.query.value = query
    w.searchError.value = undefined
    w.searching.value = !!query
    if (!query) w.results.value = []
  })
  if (!query) return Promise.resolve()
  emitEvent(store, 'SEARCH_WALLET', { badge: '', search: query })
  return new Promise<void>((resolve) => {
    rt.searchDone = resolve
    rt.searchTimer = setTimeout(() => {
      const latest = () => seq === rt.searchSeq
      getWallets(providerConfig(store), { ...baseQuery(store), page: 1, entries: SEARCH_LIMIT, search: query })
        .then(
          ({ data }) => {
            if (!latest()) return
            const results = data.filter((x) => !isExcluded(store, x)).map((x) => withImage(store, x))
            w.results.value = results
            prefetchImages(store, results)
          },
          (error) => {
            if (latest()) batch(() => {
              w.results.value = []
              w.searchError.value = errorMessage(error, 'Search failed')
            })
          },
        )
        .finally(() => {
          if (latest()) {
            w.searching.value = false
            rt.searchDone = undefined
          }
          resolve()
        })
    }, SEARCH_WAIT_MS)
  })
}

/** Warms the first 20 icons of a page (or of search results). */
export function prefetchImages(store: Store, wallets: readonly CatalogueWallet[]): void {
  for (const wallet of wallets.slice(0, PREFETCH_IMAGES)) {
    const url = walletImage(store, wallet)
    if (url) void preloadImage(store, url)
  }
}

/** The installed connector serving a catalogue wallet (by rdns or explorer id), if any. */
export function installedConnectorFor(store: Store, wallet: CatalogueWallet): Connector | undefined {
  return store.connection.connectors.peek().find(
    (c) => c.type !== 'WALLET_CONNECT' && ((!!wallet.rdns && c.info?.rdns === wallet.rdns) || c.explorerId === wallet.id),
  )
}

/**
 * SPEC section 2: an installed match opens ConnectingExternal, anything else
 * ConnectingWalletConnect. The wallet becomes a recent one either way.
 */
export function chooseCatalogueWallet(store: Store, wallet: CatalogueWallet): void {
  const connector = installedConnectorFor(store, wallet)
  loadRecent(store)
  store.wallets.recent.value = rememberRecentWallet(store.wallets.recent.peek(), wallet)
  if (connector) pushView(store, 'ConnectingExternal', { connectorUid: connector.uid, name: connector.name })
  else pushView(store, 'ConnectingWalletConnect', { walletId: wallet.id, name: wallet.name, wallet })
}

/**
 * Once per instance: the analytics switch (off on error), and when e-mail or social login is
 * on, whether this page's origin is on the project's allow list.
 */
export function checkProjectConfig(store: Store): Promise<void> {
  const rt = runtime(store)
  rt.checked ??= (async () => {
    const { projectId, features } = store.options
    if (!projectId) return
    const config = providerConfig(store)
    const needsOrigin = features.email || (Array.isArray(features.socials) && features.socials.length > 0)
    const [analytics, origins] = await Promise.all([
      features.analytics ? getAnalyticsConfig(config) : { isAnalyticsEnabled: false },
      needsOrigin ? getAllowedOrigins(config) : [],
    ])
    store.wallets.analytics.value = analytics.isAnalyticsEnabled
    // An empty list is what an unreachable API gives too: only a real list can refuse an origin.
    const origin = typeof location === 'undefined' ? undefined : location.origin
    if (origin && origins.length && !isOriginAllowed(origin, origins)) {
      reportInvalidConfig(store, `origin ${origin} is not on the project's allowed origins`)
    }
  })()
  return rt.checked
}
