import type { Store } from './store'
import type { CatalogueWallet } from '../types'

/** What the catalogue remembers per instance, beside the signals (requests in flight, timers). */
export interface Runtime {
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

export function runtime(store: Store): Runtime {
  let rt = runtimes.get(store)
  if (!rt) {
    rt = { requests: new Map(), loads: 0, searchSeq: 0, reported: false, recentLoaded: false }
    runtimes.set(store, rt)
  }
  return rt
}
