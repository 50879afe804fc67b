import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startJsonServer, type JsonServer } from '../api/json-server'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { setAccountState } from '../../src/signals/account'
import { refreshTokenBalances, TOKEN_BALANCE_CACHE_MS } from '../../src/signals/balances'
import { formatUnits } from '../../src/utils/units'
import { mainnet } from '../../src/networks'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e529a7d8b71'
const BALANCES = { balances: [
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' }, iconUrl: 'http://x/eth' },
  { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0xA0b8', value: 5, price: 1, quantity: { decimals: '6', numeric: '5' } },
  { name: 'Odd', symbol: 'ODD', chainId: 'eip155:1', address: 'eip155:1:0xodd', value: 0, price: 0, quantity: { decimals: '0', numeric: '7' } },
] }

let answer: { status: number; body: unknown } = { status: 200, body: BALANCES }
let server: JsonServer
let requests: URL[] = []
let url = ''

const test = suite('token balances')
test.before(async () => {
  server = await startJsonServer(() => answer)
  requests = server.requests
  url = server.url
})
test.after(() => server.close())
test.before.each(() => {
  answer = { status: 200, body: BALANCES }
  requests.length = 0
})

function connectedStore() {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet], blockchainApiUrl: url }))
  setAccountState(store, 'eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connected' })
  return store
}

test('behavior: holdings are read for the active network in USD, entries with decimals "0" dropped', async () => {
  const store = connectedStore()
  const balances = await refreshTokenBalances(store)
  assert.equal(balances.map((b) => b.symbol), ['ETH', 'USDC'])
  assert.is(requests[0]!.pathname, `/v1/account/${ADDRESS}/balance`)
  assert.is(requests[0]!.searchParams.get('currency'), 'usd')
  assert.is(requests[0]!.searchParams.get('chainId'), 'eip155:1')
  assert.is(requests[0]!.searchParams.get('projectId'), 'p')
  assert.is(store.accounts.byNamespace.value.eip155!.tokenBalanceError, false)
})

test('behavior: a second read within 30 s comes from the cache; force asks again with forceUpdate', async () => {
  const store = connectedStore()
  await refreshTokenBalances(store)
  await refreshTokenBalances(store)
  assert.is(requests.length, 1)
  await refreshTokenBalances(store, 'eip155', { force: true })
  assert.is(requests.length, 2)
  assert.ok(requests[1]!.searchParams.get('forceUpdate'))
  assert.is(TOKEN_BALANCE_CACHE_MS, 30_000)
})

test('behavior: a failure shows Token Balance Unavailable and locks retries for 30 s', async () => {
  const store = connectedStore()
  answer = { status: 500, body: { reason: 'down' } }
  assert.equal(await refreshTokenBalances(store), [])
  assert.is(store.accounts.byNamespace.value.eip155!.tokenBalanceError, true)
  answer = { status: 200, body: BALANCES }
  await refreshTokenBalances(store)
  assert.is(requests.length, 1, 'no retry inside the lock')
  assert.is(store.accounts.byNamespace.value.eip155!.tokenBalanceError, true)
})

test('behavior: a Sui account\'s holdings are read for its Sui network, as the reference server serves them', async () => {
  const suiLocal = { id: 'localnet', chainNamespace: 'sui', caipNetworkId: 'sui:localnet', name: 'Sui Localnet', nativeCurrency: { name: 'SUI', symbol: 'SUI', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:9000'] } } }
  const store = createStore(parseOptions({ projectId: 'p', networks: [suiLocal as never], blockchainApiUrl: url }))
  const owner = `0x${'ab'.repeat(32)}`
  setAccountState(store, 'sui', { address: owner, caipAddress: `sui:localnet:${owner}`, status: 'connected' })
  answer = { status: 200, body: { balances: [{ name: 'Sui', symbol: 'SUI', chainId: 'sui:localnet', value: 24, price: 2, quantity: { decimals: '9', numeric: '12' } }] } }
  const balances = await refreshTokenBalances(store, 'sui')
  assert.equal(balances.map((b) => [b.symbol, b.quantity.numeric]), [['SUI', '12']])
  assert.is(requests[0]!.pathname, `/v1/account/${owner}/balance`)
  assert.is(requests[0]!.searchParams.get('chainId'), 'sui:localnet')
  assert.is(store.accounts.byNamespace.value.sui!.tokenBalanceError, false)
})

test('behavior: an answer of the wrong shape is a failure, not a broken list', async () => {
  const store = connectedStore()
  answer = { status: 200, body: { balances: [{ symbol: 'ETH', quantity: { numeric: 'lots' } }] } }
  assert.equal(await refreshTokenBalances(store), [])
  assert.is(store.accounts.byNamespace.value.eip155!.tokenBalanceError, true)
})

test('behavior: an unsupported network reads nothing and says Token Balance Unavailable', async () => {
  const store = connectedStore()
  store.network.unsupported.value = true
  assert.equal(await refreshTokenBalances(store), [])
  assert.is(requests.length, 0)
  assert.is(store.accounts.byNamespace.value.eip155!.tokenBalanceError, true)
})

test('formatUnits: the hex amounts EIP-7811 wallets report, as exact decimal strings', () => {
  assert.is(formatUnits(BigInt('0x14d1120d7b160000'), 18), '1.5')
  assert.is(formatUnits(BigInt('0xbc614e'), 6), '12.345678')
  assert.is(formatUnits(0n, 6), '0')
})

test.run()
