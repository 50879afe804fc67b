import { signal } from '@preact/signals-core'
import * as v from 'valibot'
import type { CatalogueWallet } from './connection'
import { readStored, STORAGE_KEYS, writeStored } from '../utils/storage'

export const MAX_RECENT_WALLETS = 2

/** The catalogue lists Connect shows besides installed connectors; filled by the catalogue loader. */
export function createWalletsState() {
  return {
    featured: signal<CatalogueWallet[]>([]),
    recommended: signal<CatalogueWallet[]>([]),
    recent: signal<CatalogueWallet[]>([]),
    loading: signal(false),
    // The All Wallets catalogue (see catalogue.ts): pages appended, search results apart.
    all: signal<CatalogueWallet[]>([]),
    count: signal(0),
    page: signal(0),
    pageLoading: signal(false),
    error: signal<string | undefined>(undefined),
    query: signal(''),
    results: signal<CatalogueWallet[]>([]),
    searching: signal(false),
    searchError: signal<string | undefined>(undefined),
    /** The project's analytics switch from /getAnalyticsConfig (off until read, and on error). */
    analytics: signal(false),
  }
}

const RecentSchema = v.array(v.looseObject({ id: v.string(), name: v.string() }))

export function loadRecentWallets(): CatalogueWallet[] {
  return (readStored(STORAGE_KEYS.recentWallets, RecentSchema) ?? []).slice(0, MAX_RECENT_WALLETS) as CatalogueWallet[]
}

/** Most recent first, at most two, no repeats. */
export function rememberRecentWallet(list: readonly CatalogueWallet[], wallet: CatalogueWallet): CatalogueWallet[] {
  const next = [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT_WALLETS)
  writeStored(STORAGE_KEYS.recentWallets, next)
  return next
}
