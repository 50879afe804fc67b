import { signal } from '@preact/signals-core'
import type { CatalogueWallet } from '../types'

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
