import { signal, type Signal } from '@preact/signals-core'
import type { Store } from './store'
import { getHistory, type HistoryItem } from '../api/blockchain'
import { activeAccount } from './account'
import { emitEvent, subscribeEvents } from './events'

export type { HistoryItem } from '../api/blockchain'

export const FETCH_TRANSACTIONS_FAILED = 'Failed to fetch transactions'
export const NO_ACCOUNT_ADDRESS = "Transactions can't be fetched without an accountAddress"

/** SPEC section 3: the activity list's state, for one address on one network at a time. */
export interface HistoryState {
  /** `${caipNetworkId}|${address}` the list belongs to. */
  key: Signal<string | undefined>
  items: Signal<HistoryItem[]>
  loading: Signal<boolean>
  /** Marked when the last page came back empty, or when fetching failed. */
  empty: Signal<boolean>
  error: Signal<string | undefined>
  /** The cursor of the next page; undefined when there is none. */
  next: Signal<string | undefined>
  /** Bumped by every request: an answer to an older one is dropped. */
  attempt: { value: number }
}

const states = new WeakMap<Store, HistoryState>()

/** The instance's activity state, created on first use; a send made in the modal restarts the list. */
export function historyState(store: Store): HistoryState {
  let state = states.get(store)
  if (!state) {
    state = { key: signal(undefined), items: signal([]), loading: signal(false), empty: signal(false), error: signal(undefined), next: signal(undefined), attempt: { value: 0 } }
    states.set(store, state)
    subscribeEvents(store, (event) => {
      if (event.data.event === 'SEND_SUCCESS') void fetchTransactions(store, { restart: true })
    })
  }
  return state
}

/** SPEC section 5: only the connected chain's transactions, and none whose every transfer is spam. */
export function visibleTransactions(items: HistoryItem[], caipNetworkId: string): HistoryItem[] {
  return items.filter((item) => item.metadata.chain === caipNetworkId && !(item.transfers.length > 0 && item.transfers.every((t) => t.nft_info?.flags?.is_spam)))
}

/**
 * Fetches the first page (when the account or network changed, or `restart`), else the next one.
 * Pages are appended and de-duplicated by id. Never throws: failures land in `error`.
 */
export async function fetchTransactions(store: Store, { restart = false } = {}): Promise<void> {
  const state = historyState(store)
  const address = activeAccount(store).address
  const network = store.network.activeNetwork.peek()
  if (!address) {
    state.error.value = NO_ACCOUNT_ADDRESS
    return
  }
  const key = `${network.caipNetworkId}|${address}`
  const first = restart || state.key.peek() !== key
  if (!first && (state.loading.peek() || !state.next.peek())) return
  if (first) restartAt(state, key)
  else emitEvent(store, 'LOAD_MORE_TRANSACTIONS', { address, projectId: store.options.projectId, cursor: state.next.peek(), isSmartAccount: false })
  state.loading.value = true
  const attempt = ++state.attempt.value
  const current = () => state.attempt.value === attempt
  const api = { baseUrl: store.options.blockchainApiUrl, projectId: store.options.projectId }
  try {
    const page = await getHistory(api, address, { chainId: network.caipNetworkId, cursor: first ? undefined : state.next.peek() })
    if (!current()) return // a newer request (another account, network or a restart) took over
    const known = new Set(state.items.peek().map((i) => i.id))
    state.items.value = [...state.items.peek(), ...page.data.filter((i) => !known.has(i.id))]
    state.next.value = page.next
    state.empty.value = page.data.length === 0
    state.error.value = undefined
  } catch (error) {
    if (!current()) return
    state.empty.value = true
    state.error.value = FETCH_TRANSACTIONS_FAILED
    emitEvent(store, 'ERROR_FETCH_TRANSACTIONS', { address, projectId: store.options.projectId, cursor: state.next.peek(), isSmartAccount: false, message: String((error as Error)?.message ?? error) })
  } finally {
    if (current()) state.loading.value = false
  }
}

function restartAt(state: HistoryState, key: string): void {
  state.key.value = key
  state.items.value = []
  state.next.value = undefined
  state.empty.value = false
  state.error.value = undefined
}
