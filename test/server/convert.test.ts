// The convert API quotes and builds from the local Uniswap V2 router: quotes equal getAmountsOut,
// built transactions executed on chain move balances by the quoted amounts within slippage.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, type Hex } from 'viem'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { demoAccount, dexAddresses, ROUTER_ABI, TOKEN_ADDRESS, toViemChain } from '../../dev/chains/index.ts'

const test = suite<ApiCtx>('server convert API', {})
withApiServer(test, 'convert.test.ts')

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const user = demoAccount(5) // funded with ETH only, untouched by other suites
const caip = (a: string) => `eip155:1:${a}`

async function get(ctx: ApiCtx, path: string) {
  const res = await fetch(`${ctx.api!.url}${path}${path.includes('?') ? '&' : '?'}projectId=test`)
  return { status: res.status, json: (await res.json()) as any }
}
async function post(ctx: ApiCtx, path: string, body: unknown) {
  const res = await fetch(`${ctx.api!.url}${path}`, { method: 'POST', body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as any }
}
const chain1 = (ctx: ApiCtx) => ctx.chains!.chains[0]!
const reader = (ctx: ApiCtx) => createPublicClient({ transport: http(chain1(ctx).rpcUrl) })

test('tokens: the native placeholder, USDC and DAI with CAIP addresses and prices', async (ctx) => {
  const { status, json } = await get(ctx, '/v1/convert/tokens?chainId=eip155:1')
  assert.is(status, 200)
  assert.equal(json.tokens.map((t: any) => t.symbol), ['ETH', 'USDC', 'DAI'])
  assert.is(json.tokens[0].address, caip(NATIVE))
  assert.is(json.tokens[1].address, caip(TOKEN_ADDRESS))
  assert.is(json.tokens[1].decimals, 6)
  assert.is(json.tokens[0].price, 3000)
  assert.match(json.tokens[2].logoUri, /getTokenImage\/DAI$/)
})

test('quotes equal the router getAmountsOut', async (ctx) => {
  const a = dexAddresses()
  const amount = parseEther('0.5')
  const expected = await reader(ctx).readContract({ address: a.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, [a.weth, TOKEN_ADDRESS]] })
  const { status, json } = await get(ctx, `/v1/convert/quotes?amount=${amount}&userAddress=${caip(user.address)}&from=${caip(NATIVE)}&to=${caip(TOKEN_ADDRESS)}&gasPrice=1`)
  assert.is(status, 200)
  assert.is(json.quotes[0].toAmount, String(expected[1]))
  assert.is(json.quotes[0].fromAmount, String(amount))
  // USDC -> DAI takes the better of the direct pool and the route through WETH.
  const stable = await get(ctx, `/v1/convert/quotes?amount=1000000&userAddress=${caip(user.address)}&from=${caip(TOKEN_ADDRESS)}&to=${caip(a.dai)}`)
  assert.ok(BigInt(stable.json.quotes[0].toAmount) > parseEther('0.99'))
})

test('gas price tiers and allowance', async (ctx) => {
  const gas = await get(ctx, '/v1/convert/gas-price?chainId=eip155:1')
  assert.is(gas.status, 200)
  assert.ok(BigInt(gas.json.fast) >= BigInt(gas.json.standard))
  const unsupported = await get(ctx, '/v1/convert/gas-price?chainId=eip155:10')
  assert.is(unsupported.status, 400)
  assert.is(unsupported.json.reason, 'Network not supported for Gas Price')
  const none = await get(ctx, `/v1/convert/allowance?tokenAddress=${caip(TOKEN_ADDRESS)}&userAddress=${caip(user.address)}`)
  assert.is(none.json.allowance, '0')
})

test('ETH -> USDC and back: built transactions move balances by the quoted amounts within slippage', async (ctx) => {
  const c = chain1(ctx)
  const wallet = createWalletClient({ account: user, chain: toViemChain(c), transport: http(c.rpcUrl) })
  const r = reader(ctx)
  const amount = parseEther('1')
  const q = await get(ctx, `/v1/convert/quotes?amount=${amount}&userAddress=${caip(user.address)}&from=${caip(NATIVE)}&to=${caip(TOKEN_ADDRESS)}`)
  const built = await post(ctx, '/v1/convert/build-transaction', { projectId: 'test', amount: String(amount), from: caip(NATIVE), to: caip(TOKEN_ADDRESS), userAddress: caip(user.address), eip155: { slippage: 1 }, disableEstimate: true })
  assert.is(built.status, 200, JSON.stringify(built.json))
  assert.is(built.json.tx.to, caip(dexAddresses().router))
  assert.is(built.json.tx.amount, String(amount))
  const before = await r.readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })
  const hash = await wallet.sendTransaction({ to: dexAddresses().router, data: built.json.tx.data as Hex, value: amount, gas: BigInt(built.json.tx.eip155.gas) })
  assert.is((await r.waitForTransactionReceipt({ hash })).status, 'success')
  const got = (await r.readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })) - before
  const quoted = BigInt(q.json.quotes[0].toAmount)
  assert.ok(got <= quoted && got >= (quoted * 99n) / 100n, `${got} vs ${quoted}`)

  // Back: the allowance is 0, so build-approve comes first.
  const sell = parseUnits('1000', 6)
  const approve = await get(ctx, `/v1/convert/build-approve?userAddress=${caip(user.address)}&from=${caip(TOKEN_ADDRESS)}&to=${caip(NATIVE)}`)
  assert.is(approve.json.tx.to, caip(TOKEN_ADDRESS))
  await r.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: TOKEN_ADDRESS, data: approve.json.tx.data as Hex }) })
  const allowed = await get(ctx, `/v1/convert/allowance?tokenAddress=${caip(TOKEN_ADDRESS)}&userAddress=${caip(user.address)}`)
  assert.ok(BigInt(allowed.json.allowance) >= sell)
  const back = await post(ctx, '/v1/convert/build-transaction', { projectId: 'test', amount: String(sell), from: caip(TOKEN_ADDRESS), to: caip(NATIVE), userAddress: caip(user.address), eip155: { slippage: '1' } })
  assert.is(back.json.tx.amount, '0')
  const ethBefore = await r.getBalance({ address: user.address })
  const receipt = await r.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: dexAddresses().router, data: back.json.tx.data as Hex }) })
  const fee = receipt.gasUsed * receipt.effectiveGasPrice
  const ethGot = (await r.getBalance({ address: user.address })) - ethBefore + fee
  const expected = BigInt(back.json.quote.toAmount)
  assert.ok(ethGot <= expected && ethGot >= (expected * 99n) / 100n, `${ethGot} vs ${expected}`)
})

test('bad input is a 400 naming the field; no pool is insufficient liquidity', async (ctx) => {
  const u = caip(user.address)
  for (const [path, reason] of [
    [`/v1/convert/quotes?amount=abc&userAddress=${u}&from=${caip(NATIVE)}&to=${caip(TOKEN_ADDRESS)}`, /^amount: /],
    [`/v1/convert/quotes?amount=0&userAddress=${u}&from=${caip(NATIVE)}&to=${caip(TOKEN_ADDRESS)}`, /^amount: /],
    [`/v1/convert/quotes?amount=1&userAddress=${u}&from=0x12&to=${caip(TOKEN_ADDRESS)}`, /^from: /],
    [`/v1/convert/quotes?amount=1&userAddress=${u}&from=${caip(NATIVE)}&to=eip155:137:${TOKEN_ADDRESS}`, /one chain/],
    [`/v1/convert/quotes?amount=1&userAddress=eip155:10:${user.address}&from=eip155:10:${NATIVE}&to=eip155:10:${TOKEN_ADDRESS}`, /Network not supported for Swaps/],
    [`/v1/convert/allowance?tokenAddress=${caip(TOKEN_ADDRESS)}`, /^userAddress: /],
    [`/v1/convert/tokens`, /^chainId: /],
  ] as const) {
    const { status, json } = await get(ctx, path)
    assert.is(status, 400, path)
    assert.match(json.reason, reason, path)
  }
  const bad = await post(ctx, '/v1/convert/build-transaction', { projectId: 'test', amount: '1', from: caip(NATIVE), to: caip(TOKEN_ADDRESS), userAddress: u, eip155: { slippage: 90 } })
  assert.is(bad.status, 400)
  assert.match(bad.json.reason, /^body\.eip155\.slippage: /)
  const noProject = await post(ctx, '/v1/convert/build-transaction', { amount: '1' })
  assert.is(noProject.status, 400)
  const stranger = '0x000000000000000000000000000000000000dEaD'
  const none = await get(ctx, `/v1/convert/quotes?amount=1000&userAddress=${u}&from=${caip(NATIVE)}&to=${caip(stranger)}`)
  assert.is(none.status, 400)
  assert.match(none.json.reasons[0].description, /insufficient liquidity/)
})

test.run()
