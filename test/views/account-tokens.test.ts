// The Account view's token list in happy-dom, balances from a real HTTP server: amounts and USD
// values shown from their decimal digits (19.99 is $19.99, not the $19.98 a binary float gives).
import '@preact/signals'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { h, render } from 'preact'
import { startJsonServer, type JsonServer } from '../api/json-server'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { setAccountState } from '../../src/signals/account'
import { AccountTokens } from '../../src/views/AccountTokens'
import { mainnet } from '../../src/networks'
import { waitFor } from '../render'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BALANCES = { balances: [
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 0.3, price: 3000, quantity: { decimals: '18', numeric: '0.0001' } },
  { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', value: 19.99, price: 1, quantity: { decimals: '6', numeric: '19.99' } },
  { name: 'Dust', symbol: 'DST', chainId: 'eip155:1', address: 'eip155:1:0x0000000000000000000000000000000000000d57', value: 1e-7, price: 0.01, quantity: { decimals: '18', numeric: '0.00001' } },
] }

let server: JsonServer
const test = suite('views/AccountTokens')
test.before(async () => {
  server = await startJsonServer(() => ({ status: 200, body: BALANCES }))
})
test.after(() => server?.close())

test('behavior: each row shows its amount truncated (native 3 decimals, tokens 2) and its exact USD value', async () => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet], blockchainApiUrl: server.url }))
  setAccountState(store, 'eip155', { address: ME, caipAddress: `eip155:1:${ME}`, status: 'connected' })
  const host = document.createElement('div')
  document.body.append(host)
  render(h(AccountTokens, { store }), host)
  const rows = await waitFor(() => {
    const found = [...host.querySelectorAll('[data-testid=token-row]')]
    return found.length === 3 && found
  }, 'three token rows')
  const row = (symbol: string) => rows.find((r) => r.getAttribute('data-symbol') === symbol)!
  assert.is(row('USDC').querySelector('.usd')?.textContent, '$19.99')
  assert.is(row('USDC').querySelector('.sub')?.textContent, '19.99 USDC')
  assert.is(row('ETH').querySelector('.usd')?.textContent, '$0.30')
  assert.is(row('ETH').querySelector('.sub')?.textContent, '0.000 ETH')
  assert.is(row('DST').querySelector('.usd')?.textContent, '$0.00')
  render(null, host)
  host.remove()
})

test.run()
