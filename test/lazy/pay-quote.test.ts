// The PayQuote view's quote handling against an API that answers badly or in bad faith: a refusal
// without a reason shows AppKit's message, the API's reason is shown as given, and a quote for
// another payment (another amount, asset or payer, or a step on another chain) is refused before
// any wallet is asked. Through an exchange: no payer is named, a deposit quote for another asset
// or amount is refused, and a good one gets the exchange's pay URL for its deposit address. The
// payment options: held assets only, the payment asset itself first.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as pay from '../../src/pay'
import { setAccountState } from '../../src/signals/account'
import { fetchQuote, paymentOptions } from '../../src/lazy/pay/quote-actions'
import type { PayViewController, Quote } from '../../src/utils/pay-types'
import { kitWith, modalRoot, resetDom, waitFor } from '../render'

const USER = '0x1111111111111111111111111111111111111111'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const dai = { network: 'eip155:1' as const, asset: DAI, metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 } }
const usdc = { network: 'eip155:1' as const, asset: USDC, metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 }, amount: '100' }

/** What the stand-in API answers next: a status and a body. */
let next: { status: number; body: unknown } = { status: 200, body: {} }
let seen: Record<string, unknown> | undefined
let rpcSeen: any
const test = suite<{ server?: Server; url?: string }>('PayQuote: quotes checked before a wallet is asked', {})
test.before(async (ctx) => {
  ctx.server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST' }
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      if (req.url?.includes('/v1/json-rpc')) {
        rpcSeen = JSON.parse(raw)
        res.writeHead(200, { 'content-type': 'application/json', ...cors })
        return void res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { url: 'https://exchange.example/pay?session=s1', sessionId: 's1' } }))
      }
      seen = raw ? JSON.parse(raw) : undefined
      res.writeHead(next.status, { 'content-type': 'application/json', ...cors })
      res.end(JSON.stringify(next.body))
    })
  })
  await new Promise<void>((resolve) => ctx.server!.listen(0, '127.0.0.1', resolve))
  ctx.url = `http://127.0.0.1:${(ctx.server!.address() as AddressInfo).port}/`
})
test.after(async (ctx) => {
  await new Promise((resolve) => ctx.server?.close(resolve))
})
test.before.each(() => {
  resetDom()
  pay.PayController.resetState()
})

const controller = () => pay.PayController as unknown as PayViewController

function setUp(url: string) {
  const kit = kitWith({ apiUrl: url, blockchainApiUrl: url })
  setAccountState(kit.store, 'eip155', { address: USER, caipAddress: `eip155:1:${USER}` })
  pay.PayController.patchState({ paymentAsset: dai, recipient: '0x00000000000000000000000000000000000000aa', amount: 2, selectedPaymentAsset: usdc })
  return kit
}

const goodQuote = (): Quote => ({
  origin: { amount: '2016000', currency: { network: 'eip155:1', asset: USDC, metadata: usdc.metadata } },
  destination: { amount: '2000000000000000000', currency: dai },
  steps: [{ requestId: `0x${'1'.repeat(64)}`, type: 'transaction', transaction: { from: USER, to: '0x2222222222222222222222222222222222222222', data: '0x1234', value: '0', chainId: 1 } }],
  fees: [{ id: 'service', label: 'Service Fee', amount: '0', currency: dai }],
  timeInSeconds: 6,
})

test('behavior: a good quote is kept; the API was asked for the exact amount in base units, for the payer and recipient', async (ctx) => {
  const kit = setUp(ctx.url!)
  next = { status: 200, body: goodQuote() }
  await fetchQuote(kit.store, controller())
  assert.is(pay.PayController.state.quoteError, null)
  assert.equal(pay.PayController.state.quote, goodQuote())
  assert.equal(seen, { user: USER, recipient: '0x00000000000000000000000000000000000000aa', amount: '2000000000000000000', originChainId: '1', originCurrency: USDC, destinationChainId: '1', destinationCurrency: DAI })
})

test('behavior: a refusal shows the API\'s reason, or AppKit\'s message without one; a malformed answer is AppKit\'s message too', async (ctx) => {
  const kit = setUp(ctx.url!)
  next = { status: 400, body: { error: 'No route pays DAI with USDC: not enough liquidity' } }
  await fetchQuote(kit.store, controller())
  assert.is(pay.PayController.state.quoteError, 'No route pays DAI with USDC: not enough liquidity')
  assert.is(pay.PayController.state.quote, undefined)
  for (const answer of [{ status: 500, body: {} }, { status: 200, body: { origin: 'x' } }, { status: 200, body: { ...goodQuote(), steps: [{ type: 'transaction', requestId: 'r', transaction: { from: USER, to: 'evil', data: '0x', value: '0' } }] } }]) {
    next = answer
    await fetchQuote(kit.store, controller())
    assert.is(pay.PayController.state.quoteError, 'Unable to get quote. Please choose a different token', JSON.stringify(answer))
    assert.is(pay.PayController.state.isFetchingQuote, false)
  }
})

test('attack: through an exchange, no payer is named; a deposit quote for another asset or amount, or with a transaction step, is refused; a good one gets the pay URL for its deposit address', async (ctx) => {
  const kit = setUp(ctx.url!)
  const POL = { network: 'eip155:137' as const, asset: 'native', metadata: { name: 'POL', symbol: 'POL', decimals: 18 }, amount: '0' }
  pay.PayController.patchState({ selectedExchange: { id: 'reown_test', name: 'Test Exchange', imageUrl: '' }, selectedPaymentAsset: POL })
  const DEPOSIT = '0x4444444444444444444444444444444444444444'
  const deposit = (over: Record<string, string> = {}): Quote => ({
    ...goodQuote(),
    origin: { amount: '4000000000000000000', currency: { network: 'eip155:137', asset: 'native', metadata: POL.metadata } },
    steps: [{ requestId: `0x${'2'.repeat(64)}`, type: 'deposit', deposit: { amount: '4000000000000000000', currency: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', receiver: DEPOSIT, ...over } }],
  })
  for (const quote of [deposit({ currency: USDC }), deposit({ amount: '1' }), deposit({ receiver: 'evil' }), { ...deposit(), steps: goodQuote().steps }]) {
    rpcSeen = undefined
    next = { status: 200, body: quote }
    await fetchQuote(kit.store, controller())
    assert.is(pay.PayController.state.quote, undefined, JSON.stringify(quote))
    assert.is(rpcSeen, undefined, 'no pay URL for a forged quote')
  }
  next = { status: 200, body: deposit() }
  await fetchQuote(kit.store, controller())
  assert.equal(pay.PayController.state.quote, deposit())
  assert.is(seen!['user'], undefined)
  assert.equal([seen!['originChainId'], seen!['originCurrency']], ['137', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'])
  assert.is(rpcSeen.method, 'reown_getExchangePayUrl')
  assert.equal([rpcSeen.params.asset, rpcSeen.params.amount, rpcSeen.params.recipient], ['eip155:137/slip44:60', '4', `eip155:137:${DEPOSIT}`])
  assert.equal([pay.PayController.state.exchangeUrlForQuote, pay.PayController.state.exchangeSessionId], ['https://exchange.example/pay?session=s1', 's1'])
})

test('attack: a quote for another payment (a smaller amount, another asset, another payer, another chain) is refused', async (ctx) => {
  const kit = setUp(ctx.url!)
  const forged: Quote[] = [
    { ...goodQuote(), destination: { ...goodQuote().destination, amount: '1' } },
    { ...goodQuote(), destination: { ...goodQuote().destination, currency: { ...dai, asset: USDC } } },
    { ...goodQuote(), origin: { ...goodQuote().origin, currency: { ...goodQuote().origin.currency, asset: DAI } } },
    { ...goodQuote(), steps: [{ requestId: 'r', type: 'transaction', transaction: { from: '0x3333333333333333333333333333333333333333', to: '0x2222222222222222222222222222222222222222', data: '0x', value: '0' } }] },
    { ...goodQuote(), steps: [{ requestId: 'r', type: 'transaction', transaction: { from: USER, to: '0x2222222222222222222222222222222222222222', data: '0x', value: '0', chainId: 137 } }] },
    { ...goodQuote(), steps: [{ requestId: 'r', type: 'deposit', deposit: { amount: '1', currency: USDC, receiver: '0x3333333333333333333333333333333333333333' } }] },
  ]
  for (const quote of forged) {
    next = { status: 200, body: quote }
    await fetchQuote(kit.store, controller())
    assert.is(pay.PayController.state.quote, undefined, JSON.stringify(quote))
    assert.is(pay.PayController.state.quoteError, 'Unable to get quote. Please choose a different token')
  }
})

test('behavior: the payment asset itself is a direct transfer with no API call; options are held assets, the payment asset first', (ctx) => {
  const kit = setUp(ctx.url!)
  const balance = (symbol: string, chainId: string, address: string | undefined, numeric: string, decimals = '18') => ({ name: symbol, symbol, chainId, address, quantity: { decimals, numeric } })
  pay.PayController.patchState({
    tokenBalances: { eip155: [balance('ETH', 'eip155:1', undefined, '1'), balance('POL', 'eip155:137', undefined, '5'), balance('USDC', 'eip155:1', `eip155:1:${USDC}`, '0', '6'), balance('DAI', 'eip155:1', `eip155:1:${DAI}`, '3'), balance('X', 'eip155:999', 'eip155:999:0x1', '1')] },
  })
  assert.equal(paymentOptions(kit.store, pay.PayController.state).map((o) => `${o.metadata.symbol}@${o.network}:${o.asset}`), [`DAI@eip155:1:${DAI}`, 'ETH@eip155:1:native', 'POL@eip155:137:native'])
  seen = undefined
  pay.PayController.patchState({ selectedPaymentAsset: { ...dai, amount: '3' } })
  return fetchQuote(kit.store, controller()).then(() => {
    assert.is(seen, undefined, 'no API call')
    const quote = pay.PayController.state.quote!
    assert.is(quote.type, 'direct-transfer')
    assert.equal(quote.steps, [{ requestId: 'direct-transfer', type: 'deposit', deposit: { amount: '2000000000000000000', currency: DAI, receiver: '0x00000000000000000000000000000000000000aa' } }])
  })
})

test('behavior: the PayQuote view for a wallet that holds nothing: the empty state, whose Connect other wallet goes to Connect', async (ctx) => {
  const kit = kitWith({ apiUrl: ctx.url!, blockchainApiUrl: ctx.url! })
  setAccountState(kit.store, 'eip155', { address: USER, caipAddress: `eip155:1:${USER}` })
  pay.PayController.patchState({ paymentAsset: dai, recipient: '0x00000000000000000000000000000000000000aa', amount: 2, isConfigured: true })
  next = { status: 200, body: { balances: [] } }
  await kit.open({ view: 'PayQuote', data: { pay: pay.PayController, view: pay.PayController.quoteView } })
  const empty = await waitFor(() => modalRoot().querySelector('[data-testid=pay-options-empty]'), 'the empty state')
  assert.ok(empty.textContent?.includes("You don't have enough funds to complete this transaction"), empty.textContent ?? '')
  assert.ok(modalRoot().querySelector('[data-testid=pay-fees-skeleton]'), 'no quote: the fees skeleton')
  const pay_ = [...modalRoot().querySelectorAll('button')].find((b) => b.textContent === 'Pay')
  assert.is(pay_?.disabled, true)
  ;(empty.querySelector('button') as HTMLButtonElement).click()
  await waitFor(() => modalRoot().textContent?.includes('Connect Wallet'), 'Connect')
})

test.run()
