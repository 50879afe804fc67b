// The swap state against a real HTTP server standing in for the convert API: the spec's error
// texts, the tokens chosen by arguments, quotes with the balance check, and the swap math.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer, type Server } from 'node:http'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { setAccountState } from '../../src/signals/account'
import { fetchSwapQuote, initSwap, minimumReceived, patchSwap, priceImpact, swapStateFor, toBaseUnits, SWAP_ERRORS } from '../../src/signals/swap'
import { mainnet, sepolia } from '../../src/networks'

const test = suite('signals/swap')
const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', decimals: 18, price: 3000 },
  { name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9', decimals: 6, price: 1 },
]
let server: Server
let url = ''
let gasStatus = 200
let tokenList: unknown[] = TOKENS
let quoteReply: { status: number; body: unknown } = { status: 200, body: { quotes: [{ fromAmount: '1', toAmount: '2990000000' }] } }

test.before(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname
    const send = (status: number, body: unknown) => (res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }), res.end(JSON.stringify(body)))
    if (req.method === 'OPTIONS') return (res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }), res.end())
    if (path === '/v1/convert/tokens') return send(200, { tokens: tokenList })
    if (path === '/v1/convert/gas-price') return gasStatus === 200 ? send(200, { standard: '1000000000' }) : (res.writeHead(gasStatus, { 'access-control-allow-origin': '*' }), res.end())
    if (path === '/v1/convert/allowance') return send(200, { allowance: '0' })
    if (path === '/v1/convert/quotes') return send(quoteReply.status, quoteReply.body)
    send(404, { reason: 'not found' })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
test.after(() => new Promise<void>((r) => server.close(() => r())))

const storeOn = (network = mainnet) => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [network], blockchainApiUrl: url }))
  setAccountState(store, 'eip155', {
    address: ME, caipAddress: `eip155:${network.id}:${ME}` as never, status: 'connected',
    tokenBalance: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', quantity: { decimals: '18', numeric: '2' } }],
  })
  return store
}

test('behavior: a network outside the swap networks reads nothing and says "Network not supported for Swaps"', async () => {
  const store = storeOn(sepolia)
  await initSwap(store)
  assert.is(swapStateFor(store).value.error, SWAP_ERRORS.NETWORK)
  assert.equal(swapStateFor(store).value.tokens, [])
})

test('behavior: an empty token list says "Network not supported for Swaps" rather than offering nothing to pick', async () => {
  tokenList = []
  const store = storeOn()
  await initSwap(store)
  tokenList = TOKENS
  const s = swapStateFor(store).value
  assert.is(s.error, SWAP_ERRORS.NETWORK)
  assert.is(s.tokensLoading, false)
})

test('behavior: arguments choose the tokens by symbol; without them the native currency is the source', async () => {
  const store = storeOn()
  await initSwap(store, { fromToken: 'usdc', toToken: 'ETH', amount: '5' })
  const s = swapStateFor(store).value
  assert.is(s.sourceToken?.symbol, 'USDC')
  assert.is(s.toToken?.symbol, 'ETH')
  assert.is(s.sourceTokenAmount, '5')
  assert.is(s.gasPrice, 1_000_000_000n)
  await initSwap(store)
  assert.is(swapStateFor(store).value.sourceToken?.symbol, 'ETH')
})

test('behavior: a quote sets the output, the balance check and the approval need; liquidity reasons are named', async () => {
  const store = storeOn()
  await initSwap(store, { fromToken: 'ETH', toToken: 'USDC', amount: '1' })
  await fetchSwapQuote(store)
  let s = swapStateFor(store).value
  assert.is(s.toTokenAmount, '2990')
  assert.is(s.inputError, undefined)
  assert.is(s.needsApproval, false)
  assert.ok(Math.abs(priceImpact(s)! - 0.3333) < 0.001)
  assert.is(minimumReceived(s), 2960100000n)
  patchSwap(store, { sourceTokenAmount: '3' })
  await fetchSwapQuote(store)
  assert.is(swapStateFor(store).value.inputError, SWAP_ERRORS.INSUFFICIENT_BALANCE)
  quoteReply = { status: 400, body: { reasons: [{ name: 'x', description: 'Swap failed: insufficient liquidity for this pair' }] } }
  patchSwap(store, { sourceTokenAmount: '1' })
  await fetchSwapQuote(store)
  s = swapStateFor(store).value
  assert.is(s.inputError, SWAP_ERRORS.INSUFFICIENT_LIQUIDITY)
  assert.is(s.toAmount, undefined)
  // A token source needs the router's allowance first.
  quoteReply = { status: 200, body: { quotes: [{ fromAmount: '1', toAmount: '1000' }] } }
  patchSwap(store, { sourceToken: s.toToken, toToken: s.sourceToken })
  await fetchSwapQuote(store)
  assert.is(swapStateFor(store).value.needsApproval, true)
})

test('behavior: a gas price failure without a reason reads "Network not supported for Gas Price"; the tokens still load', async () => {
  gasStatus = 500
  try {
    const store = storeOn()
    await initSwap(store)
    const s = swapStateFor(store).value
    assert.is(s.error, SWAP_ERRORS.GAS)
    assert.is(s.tokens.length, 2)
  } finally {
    gasStatus = 200
  }
})

test('behavior: decimal text to base units is exact; excess decimals are cut', () => {
  assert.is(toBaseUnits('1.5', 6), 1_500_000n)
  assert.is(toBaseUnits('.25', 18), 250_000_000_000_000_000n)
  assert.is(toBaseUnits('0.1234567', 6), 123_456n)
  assert.is(toBaseUnits('abc', 6), 0n)
  assert.is(toBaseUnits('', 6), 0n)
})

test.run()
