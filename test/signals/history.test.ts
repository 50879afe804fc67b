import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { setAccountState } from '../../src/signals/account'
import { emitEvent } from '../../src/signals/events'
import { fetchTransactions, historyState, visibleTransactions, FETCH_TRANSACTIONS_FAILED, NO_ACCOUNT_ADDRESS, type HistoryItem } from '../../src/signals/history'
import { groupByDay } from '../../src/lazy/history/group'
import { mainnet } from '../../src/networks'
import { startJsonServer, type JsonServer } from '../api/json-server'
import { waitFor } from '../wait'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e529a7d8b71'
const item = (id: string, opts: { chain?: string; spam?: boolean[]; minedAt?: string } = {}): HistoryItem => ({
  id,
  metadata: { operationType: 'receive', hash: `0x${id}`, minedAt: opts.minedAt ?? '2026-11-23T10:00:00.000Z', sentFrom: '0xa', sentTo: ADDRESS, status: 'confirmed', chain: opts.chain ?? 'eip155:1' },
  transfers: (opts.spam ?? [false]).map((is_spam) => ({ direction: 'in' as const, quantity: { numeric: '1' }, nft_info: { flags: { is_spam } }, fungible_info: { symbol: 'ETH' } })),
})

let server: JsonServer
const pages: Record<string, { status: number; body: unknown }> = {}
const test = suite('activity')
test.before(async () => {
  server = await startJsonServer((url) => pages[url.searchParams.get('cursor') ?? 'first'] ?? { status: 404, body: {} })
})
test.after(() => server.close())

function connectedStore(address: string | null = ADDRESS) {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet], blockchainApiUrl: server.url }))
  if (address) setAccountState(store, 'eip155', { address, status: 'connected' })
  return store
}

test('behavior: pages follow the cursor, append, and drop an id seen before', async () => {
  pages.first = { status: 200, body: { data: [item('3'), item('2')], next: 'c1' } }
  pages.c1 = { status: 200, body: { data: [item('2'), item('1')], next: null } }
  const store = connectedStore()
  const events: string[] = []
  store.events.listeners.add((e) => events.push(e.data.event))
  await fetchTransactions(store)
  assert.equal(historyState(store).items.value.map((i) => i.id), ['3', '2'])
  assert.is(historyState(store).next.value, 'c1')
  await fetchTransactions(store)
  assert.equal(historyState(store).items.value.map((i) => i.id), ['3', '2', '1'])
  assert.is(historyState(store).next.value, undefined)
  assert.ok(events.includes('LOAD_MORE_TRANSACTIONS'))
  const asked = server.requests.at(-1)!
  assert.is(asked.searchParams.get('chainId'), 'eip155:1')
  assert.is(asked.searchParams.get('cursor'), 'c1')
  await fetchTransactions(store)
  assert.is(historyState(store).items.value.length, 3, 'no page after the last')
})

test('behavior: a failure says Failed to fetch transactions, marks the list empty and sends ERROR_FETCH_TRANSACTIONS', async () => {
  pages.first = { status: 500, body: {} }
  const store = connectedStore()
  const events: string[] = []
  store.events.listeners.add((e) => events.push(e.data.event))
  await fetchTransactions(store)
  assert.is(historyState(store).error.value, FETCH_TRANSACTIONS_FAILED)
  assert.is(historyState(store).empty.value, true)
  assert.ok(events.includes('ERROR_FETCH_TRANSACTIONS'))
  pages.first = { status: 200, body: { data: [{ id: 'x' }] } }
  await fetchTransactions(store, { restart: true })
  assert.is(historyState(store).error.value, FETCH_TRANSACTIONS_FAILED, 'an answer of the wrong shape fails too')
})

test('behavior: without an address nothing is fetched and the spec\'s message is set', async () => {
  const store = connectedStore(null)
  const before = server.requests.length
  await fetchTransactions(store)
  assert.is(historyState(store).error.value, NO_ACCOUNT_ADDRESS)
  assert.is(server.requests.length, before)
})

test('behavior: a send made in the modal starts the list again', async () => {
  pages.first = { status: 200, body: { data: [item('1')], next: null } }
  const store = connectedStore()
  await fetchTransactions(store)
  pages.first = { status: 200, body: { data: [item('2'), item('1')], next: null } }
  emitEvent(store, 'SEND_SUCCESS')
  await waitFor(() => historyState(store).items.value.length === 2, 'the list fetched again')
  assert.equal(historyState(store).items.value.map((i) => i.id), ['2', '1'])
})

test('behavior: only the connected chain, and no transaction whose every transfer is spam', () => {
  const items = [item('a'), item('b', { chain: 'eip155:137' }), item('c', { spam: [true] }), item('d', { spam: [true, false] })]
  assert.equal(visibleTransactions(items, 'eip155:1').map((i) => i.id), ['a', 'd'])
})

test('groupByDay: Today, Yesterday, then dates, in order', () => {
  const now = new Date('2026-11-23T18:00:00')
  const groups = groupByDay([
    item('1', { minedAt: new Date('2026-11-23T09:00:00').toISOString() }),
    item('2', { minedAt: new Date('2026-11-23T08:00:00').toISOString() }),
    item('3', { minedAt: new Date('2026-11-22T23:00:00').toISOString() }),
    item('4', { minedAt: new Date('2026-10-02T12:00:00').toISOString() }),
  ], now)
  assert.equal(groups.map((g) => [g.label === 'Today' || g.label === 'Yesterday' ? g.label : 'date', g.items.length]), [['Today', 2], ['Yesterday', 1], ['date', 1]])
})

test.run()
