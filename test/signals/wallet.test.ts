// Connection actions over a scriptable adapter (the real wallets are exercised in test/e2e/).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { connectWallet, disconnectWallet, refreshBalance, applyConnection, switchNetwork } from '../../src/signals/wallet'
import { reconnectNamespace } from '../../src/signals/reconnect'
import { startAdapters } from '../../src/signals/adapters'
import { writeStored } from '../../src/utils/storage'
import { STORAGE_KEYS } from '../../src/utils/storage-keys'
import { mainnet, polygon } from '../../src/networks'
import type { ChainAdapter, Connector } from '../../src/types'
import { resetDom } from '../render'

const connector = (id: string): Connector => ({ id, uid: `eip155:${id}`, name: id, type: 'ANNOUNCED', chain: 'eip155' })

function scripted(overrides: Partial<ChainAdapter> = {}) {
  const calls: string[] = []
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    setup() {},
    async connect(id) { calls.push(`connect:${id}`); return { address: '0x00000000000000000000000000000000000000a1', chainId: 1 } },
    async reconnect(id) { calls.push(`reconnect:${id}`); return undefined },
    async disconnect(id) { calls.push(`disconnect:${id}`) },
    async switchNetwork(id, n) { calls.push(`switch:${id}:${n.id}`) },
    async getBalance() { calls.push('balance'); return { balance: '1.23456', symbol: 'ETH' } },
    getProvider: (id) => ({ id }),
    ...overrides,
  }
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet, polygon], adapters: [adapter], blockchainApiUrl: 'http://127.0.0.1:9/' }))
  store.connection.connectors.value = [connector('a'), connector('b'), connector('c')]
  return { store, adapter, calls }
}

const test = suite('wallet actions')
test.before.each(resetDom)

test('behavior: switchNetwork refuses a missing or unknown network with AppKit\'s error, and stays put', async () => {
  const { store } = scripted()
  for (const network of [undefined, { ...polygon, id: 5, caipNetworkId: 'eip155:5' as const }]) {
    const error = await switchNetwork(store, network as never).then(() => undefined, (e: Error) => e)
    assert.is(error?.message, 'Chain is not supported')
    assert.is(store.network.activeCaipNetworkId.peek(), 'eip155:1')
  }
})

test('behavior: a wallet whose addresses are per network (bip122) gives new accounts during a switch: the account shows them on the new network', async () => {
  const { bitcoin, bitcoinTestnet } = await import('../../src/networks')
  const [main, test] = ['bc1qmainnetpaymentaddress0000', 'tb1qtestnetpaymentaddress0000']
  const btc: ChainAdapter = {
    namespace: 'bip122',
    setup: (ctx) => {
      ctx.setConnectors([{ id: 'w', uid: 'bip122:w', name: 'w', type: 'ANNOUNCED', chain: 'bip122' }])
      btc.switchNetwork = async (id, n) => ctx.onAccountChanged({ connectorId: id, address: test, chainId: n.id, accounts: [{ address: test, type: 'payment' }, { address: 'tb1pordinal', type: 'ordinal' }] })
    },
    connect: async () => ({ address: main, chainId: bitcoin.id, accounts: [{ address: main, type: 'payment' }, { address: 'bc1pordinal', type: 'ordinal' }] }),
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '0', symbol: 'BTC' }),
  }
  const store = createStore(parseOptions({ projectId: 'p', networks: [bitcoin, bitcoinTestnet], adapters: [btc], blockchainApiUrl: 'http://127.0.0.1:9/' }))
  startAdapters(store)
  await new Promise((r) => setTimeout(r, 10))
  await connectWallet(store, store.connection.connectors.peek().find((c) => c.id === 'w')!)
  await switchNetwork(store, bitcoinTestnet)
  const account = store.accounts.byNamespace.value.bip122!
  assert.equal([account.address, account.caipAddress], [test, `${bitcoinTestnet.caipNetworkId}:${test}`])
  assert.equal(account.allAccounts.map((a) => `${a.type}:${a.address}`), [`payment:${test}`, 'ordinal:tb1pordinal'])
  assert.is(store.network.activeCaipNetworkId.peek(), bitcoinTestnet.caipNetworkId)
})

test('behavior: connect writes the CAIP address, status and recent connector', async () => {
  const { store } = scripted()
  await connectWallet(store, connector('a'))
  const account = store.accounts.byNamespace.value.eip155!
  assert.is(account.caipAddress, 'eip155:1:0x00000000000000000000000000000000000000a1')
  assert.is(account.status, 'connected')
  assert.is(store.connection.status.value, 'connected')
  assert.is(localStorage.getItem(STORAGE_KEYS.recentConnectorId), '"a"')
  assert.equal(JSON.parse(localStorage.getItem(STORAGE_KEYS.requestedChains)!), { a: ['eip155:1', 'eip155:137'] })
})

test('behavior: a rejected connect leaves the user disconnected and rethrows', async () => {
  const { store } = scripted({ async connect() { throw Object.assign(new Error('User rejected the request.'), { code: 4001 }) } })
  await connectWallet(store, connector('a')).then(() => assert.unreachable(), (e) => assert.is(e.code, 4001))
  assert.is(store.connection.status.value, 'disconnected')
})

test('behavior: balance is truncated by the view, cached 30 s, and a failure locks retries for 30 s', async () => {
  const ok = scripted()
  await connectWallet(ok.store, connector('a'))
  await refreshBalance(ok.store, 'eip155')
  await refreshBalance(ok.store, 'eip155')
  assert.is(ok.calls.filter((c) => c === 'balance').length, 1, 'cached')
  assert.is(ok.store.accounts.byNamespace.value.eip155!.balance, '1.23456')

  let attempts = 0
  const failing = scripted({ async getBalance() { attempts++; throw new Error('rpc down') } })
  await connectWallet(failing.store, connector('a'))
  await refreshBalance(failing.store, 'eip155')
  await refreshBalance(failing.store, 'eip155')
  assert.is(attempts, 1, 'no retry within 30 s')
  assert.is(failing.store.accounts.byNamespace.value.eip155!.balanceError, true)
  await new Promise((r) => setTimeout(r, 200)) // the toast replaced any other after 150 ms
  assert.is(failing.store.toast.current.value?.message, 'Token Balance Unavailable')
  await refreshBalance(failing.store, 'eip155', { force: true })
  assert.is(attempts, 2)
})

test('behavior: disconnect falls back to another live connection, else disconnected', async () => {
  const { store, calls } = scripted()
  await connectWallet(store, connector('a'))
  applyConnection(store, { ...connector('s'), chain: 'solana', uid: 'solana:s' }, 'So1ana1111111111111111111111111111', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  assert.is(store.network.activeNamespace.value, 'solana')
  await disconnectWallet(store, 'eip155')
  assert.ok(calls.includes('disconnect:a'))
  assert.is(store.accounts.byNamespace.value.eip155, undefined)
  assert.is(store.connection.status.value, 'connected')
  assert.is(store.network.activeNamespace.value, 'solana')
})

test('behavior: a failing disconnect says Failed to disconnect', async () => {
  const { store } = scripted({ async disconnect() { throw new Error('boom') } })
  await connectWallet(store, connector('a'))
  await disconnectWallet(store).then(() => assert.unreachable(), (e) => assert.is(e.message, 'Failed to disconnect'))
})

test('behavior: reconnect tries the recent connector first, skips unauthorised and duplicate providers', async () => {
  const shared = {}
  const { store, adapter, calls } = scripted({
    async reconnect(id) {
      calls.push(`reconnect:${id}`)
      return id === 'c' ? { address: '0x00000000000000000000000000000000000000c1', chainId: 137 } : undefined
    },
    getProvider: (id) => (id === 'a' || id === 'b' ? shared : { id }),
  })
  writeStored(STORAGE_KEYS.connectionStatus, 'connected')
  writeStored(STORAGE_KEYS.recentConnectorId, 'b')
  assert.ok(await reconnectNamespace(store, adapter))
  assert.equal(calls.filter((c) => c.startsWith('reconnect')), ['reconnect:b', 'reconnect:c'])
  assert.is(store.accounts.byNamespace.value.eip155!.caipAddress, 'eip155:137:0x00000000000000000000000000000000000000c1')
})

test('behavior: nothing authorised → disconnected with connections cleared; a deliberate disconnect is not undone', async () => {
  const first = scripted()
  writeStored(STORAGE_KEYS.connectionStatus, 'connected')
  assert.not.ok(await reconnectNamespace(first.store, first.adapter))
  assert.is(first.store.connection.status.value, 'disconnected')
  assert.is(first.store.connection.connections.value.size, 0)

  const second = scripted({ async reconnect() { return { address: '0x00000000000000000000000000000000000000a1', chainId: 1 } } })
  writeStored(STORAGE_KEYS.connectionStatus, 'connected')
  writeStored(STORAGE_KEYS.disconnected, true)
  assert.not.ok(await reconnectNamespace(second.store, second.adapter))
})

test('behavior: one namespace failing to restore first does not stop another that starts later', async () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
  const solana: ChainAdapter = {
    namespace: 'solana',
    setup: (ctx) => ctx.setConnectors([{ id: 's', uid: 'solana:s', name: 's', type: 'ANNOUNCED', chain: 'solana' }]),
    reconnect: async () => undefined, // the wallet no longer authorises the site
    connect: async () => { throw new Error('unused') },
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '0', symbol: 'SOL' }),
  }
  const evm: ChainAdapter = {
    ...solana,
    namespace: 'eip155',
    setup: async (ctx) => { await sleep(50); ctx.setConnectors([connector('a')]) }, // its chunk arrives later
    reconnect: async () => ({ address: '0x00000000000000000000000000000000000000a1', chainId: 1 }),
    getBalance: async () => ({ balance: '1', symbol: 'ETH' }),
  }
  const { solana: sol } = await import('../../src/networks')
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet, sol], adapters: [evm, solana], blockchainApiUrl: 'http://127.0.0.1:9/' }))
  writeStored(STORAGE_KEYS.connectionStatus, 'connected')
  startAdapters(store)
  await sleep(20)
  assert.is(store.connection.status.value, 'reconnecting', 'still restoring EVM')
  await sleep(100)
  assert.is(store.accounts.byNamespace.value.eip155?.status, 'connected')
  assert.is(store.connection.status.value, 'connected')
})

test('behavior: corrupt stored values do not break reconnect', async () => {
  const { store, adapter } = scripted()
  localStorage.setItem(STORAGE_KEYS.connectionStatus, '{oops')
  localStorage.setItem(STORAGE_KEYS.recentConnectorId, '12')
  assert.not.ok(await reconnectNamespace(store, adapter))
})
test.run()
