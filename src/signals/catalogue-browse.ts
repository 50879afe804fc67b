// All Wallets: the catalogue page by page, and the search over it.
import { batch } from '@preact/signals-core'
import type { Store } from './store'
import type { CatalogueWallet } from '../types'
import { getWallets } from '../api/provider'
import { errorMessage } from '../utils/errors'
import { emitEvent } from './events'
import { preloadImage } from './wallet-images'
import { runtime } from './catalogue-runtime'
import { baseQuery, isExcluded, providerConfig, walletImage, withImage } from './catalogue-config'

/** SPEC section 9. */
export const PAGE_SIZE = 40
export const SEARCH_LIMIT = 100
export const SEARCH_WAIT_MS = 300
export const PREFETCH_IMAGES = 20

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

