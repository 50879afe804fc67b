import type { Store } from './store'
import { emitEvent } from './events'

/** AppKit's WalletImpressionItem (a catalogue wallet) or ConnectorImpressionItem (an installed connector). */
export interface Impression {
  name: string
  walletRank: number | undefined
  explorerId?: string
  rdnsId?: string
  view: string
  displayIndex?: number
  query?: string
  certified?: boolean
}

const queues = new WeakMap<object, Impression[]>()

/**
 * Wallets a list has shown: gathered for half a second and sent as one WALLET_IMPRESSION_V2
 * with the items, as AppKit gathers its impressions into one event of its analytics batch.
 */
export function walletImpressions(store: Store, items: Impression[]): void {
  if (!items.length) return
  let queue = queues.get(store.events)
  if (!queue) {
    const gathered: Impression[] = (queue = [])
    queues.set(store.events, gathered)
    setTimeout(() => {
      queues.delete(store.events)
      emitEvent(store, 'WALLET_IMPRESSION_V2', { items: gathered })
    }, 500)
  }
  queue.push(...items)
}

/** The items a list shows that it has not reported yet (each once while the list is up). */
export function unseen<T>(seen: Set<string>, list: readonly T[], key: (item: T) => string): [T, number][] {
  return list.flatMap((item, i) => (seen.has(key(item)) ? [] : (seen.add(key(item)), [[item, i] as [T, number]])))
}
