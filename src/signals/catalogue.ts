// What Connect shows from the provider API (featured and recommended wallets), the recent
// wallets, and choosing a catalogue wallet. Paging and search: catalogue-browse; the API's
// settings and the site's filters: catalogue-config.
import type { Store } from './store'
import type { CatalogueWallet, Connector } from '../types'
import { getWallets } from '../api/provider'
import { loadRecentWallets, rememberRecentWallet } from './recent-wallets'
import { pushView } from './modal'
import { runtime } from './catalogue-runtime'
import { baseQuery, checkProjectConfig, explorerIds, isExcluded, providerConfig, withImage } from './catalogue-config'
import { SEARCH_LIMIT } from './catalogue-browse'
import { cachedWallets, keepWallets, type CachedList } from './catalogue-cache'

export { imageLoaded, preloadImage, IMAGE_TIMEOUT_MS } from './wallet-images'
export { checkProjectConfig, providerConfig, reportInvalidConfig, walletImage, withImage } from './catalogue-config'
export { hasMorePages, loadNextPage, PAGE_SIZE, prefetchImages, PREFETCH_IMAGES, SEARCH_LIMIT, SEARCH_WAIT_MS, searchWallets } from './catalogue-browse'

/** SPEC section 9. */
export const RECOMMENDED_COUNT = 4

/**
 * One request per key: concurrent and repeated calls share it; a failure may be retried. The
 * answer is kept as the list's last good one, which stands in when the API fails (not shared then,
 * so the next open asks the API again).
 */
function once(store: Store, key: string, list: CachedList, load: () => Promise<{ data: CatalogueWallet[]; count: number }>) {
  const { requests } = runtime(store)
  let request = requests.get(key)
  if (!request) {
    request = load().then(
      (answer) => (keepWallets(list, answer.data), answer),
      (error) => {
        requests.delete(key)
        const data = cachedWallets(list)
        if (!data) throw error
        return { data, count: data.length }
      },
    )
    requests.set(key, request)
  }
  return request
}

/** featuredWalletIds, in the site's order. */
export async function fetchFeatured(store: Store): Promise<void> {
  const ids = explorerIds(store.options.featuredWalletIds).slice(0, SEARCH_LIMIT)
  if (!ids.length || !store.options.projectId) return
  const { data } = await once(store, `featured:${ids}`, 'featured', () => getWallets(providerConfig(store), { page: 1, entries: ids.length, include: ids }))
  store.wallets.featured.value = data
    .filter((w) => ids.includes(w.id) && !isExcluded(store, w))
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
  const { data } = await once(store, `recommended:${JSON.stringify(query)}`, 'recommended', () => getWallets(providerConfig(store), query))
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
