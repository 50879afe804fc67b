// AppKit Pay's quote API on the reference server: a real route on the local DEX that pays the
// recipient the exact amount (approve + exact-output swap, or one swap from the native coin), its
// status moved only by the quote's own call on chain; a quote replayed for another recipient or
// amount, another project's quote, and bad input.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, decodeFunctionData, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { dexInfo } from '../../dev/chains/dex.ts'
import { TOKEN_ADDRESS } from '../../dev/chains/index.ts'

const test = suite<ApiCtx>('server pay quote API', {})
withApiServer(test, 'pay-quote.test.ts', { timeoutMs: 120_000 })

const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const DAI = dexInfo().tokens.find((t) => t.symbol === 'DAI')!.address
const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const reader = (ctx: ApiCtx) => createPublicClient({ transport: http(ctx.chains!.chains[0]!.rpcUrl) })
const balanceOf = (ctx: ApiCtx, token: Hex, owner: Hex) => reader(ctx).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
// Demo account 1 holds ETH and USDC on this file's own chains (unlocked on the node).
const payer = (ctx: ApiCtx) => ctx.chains!.accounts[1]!

async function quote(ctx: ApiCtx, body: Record<string, unknown>, projectId = 'test') {
  const res = await fetch(`${ctx.api!.url}/appkit/v1/transfers/quote?projectId=${projectId}&st=appkit&sv=html-wagmi-1.8.19`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as any }
}
const daiQuote = (ctx: ApiCtx, recipient: string, over: Record<string, unknown> = {}) =>
  quote(ctx, { user: payer(ctx), originChainId: '1', originCurrency: TOKEN_ADDRESS, destinationChainId: '1', destinationCurrency: DAI, recipient, amount: parseUnits('2', 18).toString(), ...over })
async function status(ctx: ApiCtx, requestId: string, projectId = 'test') {
  const res = await fetch(`${ctx.api!.url}/appkit/v1/transfers/status?projectId=${projectId}&requestId=${encodeURIComponent(requestId)}`)
  return { status: res.status, json: (await res.json()) as any }
}
/** Sends one transaction step from its account (unlocked on the node) and waits for it. */
async function send(ctx: ApiCtx, tx: { from: Hex; to: Hex; data: Hex; value: string }) {
  const wallet = createWalletClient({ account: tx.from, transport: http(ctx.chains!.chains[0]!.rpcUrl) })
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), chain: null })
  return reader(ctx).waitForTransactionReceipt({ hash })
}

test('USDC → DAI: approve then an exact-output swap credit the recipient exactly; the status turns to success with that call', async (ctx) => {
  const shop = fresh()
  const { status: code, json: q } = await daiQuote(ctx, shop)
  assert.is(code, 200, JSON.stringify(q))
  assert.equal(q.destination, { amount: parseUnits('2', 18).toString(), currency: { network: 'eip155:1', asset: DAI, metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 } } })
  assert.is(q.origin.currency.metadata.symbol, 'USDC')
  // The 1:1 pool's price plus its 0.3 % fee and 0.5 % slippage: a computed route, not a fixed figure.
  const origin = BigInt(q.origin.amount)
  assert.ok(origin > parseUnits('2', 6) && origin < parseUnits('2.05', 6), q.origin.amount)
  assert.equal(q.steps.map((s: any) => s.type), ['transaction', 'transaction'])
  assert.ok(q.steps.every((s: any) => s.requestId === q.steps[0].requestId && /^0x[0-9a-f]{64}$/.test(s.requestId)))
  assert.equal(q.fees.map((f: any) => [f.id, f.label, f.currency.metadata.symbol]), [['network', 'Network Fee', 'ETH'], ['service', 'Service Fee', 'DAI']])
  assert.ok(BigInt(q.fees[0].amount) > 0n)
  const requestId = q.steps[0].requestId
  assert.equal((await status(ctx, requestId)).json, { status: 'waiting' })
  const approve = await send(ctx, q.steps[0].transaction)
  assert.is(approve.status, 'success')
  assert.equal((await status(ctx, requestId)).json, { status: 'waiting' }, 'the approval alone pays nothing')
  const before = await balanceOf(ctx, TOKEN_ADDRESS, payer(ctx))
  assert.is((await send(ctx, q.steps[1].transaction)).status, 'success')
  assert.is(await balanceOf(ctx, DAI, shop), parseUnits('2', 18))
  assert.ok(before - (await balanceOf(ctx, TOKEN_ADDRESS, payer(ctx))) <= origin, 'never more than the quote said')
  assert.equal((await status(ctx, requestId)).json, { status: 'success' })
  assert.equal((await status(ctx, requestId)).json, { status: 'success' })
})

test('ETH → USDC: one swap, no approval; the recipient gets the exact USDC amount', async (ctx) => {
  const shop = fresh()
  const { json: q } = await quote(ctx, { user: payer(ctx), originChainId: '1', originCurrency: NATIVE, destinationChainId: '1', destinationCurrency: TOKEN_ADDRESS, recipient: shop, amount: '7500000' })
  assert.is(q.origin.currency.asset, 'native')
  assert.is(q.steps.length, 1)
  assert.is(q.steps[0].transaction.value, q.origin.amount)
  assert.ok(BigInt(q.origin.amount) > parseEther('0.0025') && BigInt(q.origin.amount) < parseEther('0.0026'), q.origin.amount)
  await send(ctx, q.steps[0].transaction)
  assert.is(await balanceOf(ctx, TOKEN_ADDRESS, shop), 7_500_000n)
  assert.equal((await status(ctx, q.steps[0].requestId)).json, { status: 'success' })
})

const SWAP = parseAbi(['function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)'])

test('replay: the quote\'s call sent for another recipient or a smaller amount pays there but never settles the quote; another quote is not settled by it; another project cannot read it', async (ctx) => {
  const shop = fresh()
  const thief = fresh()
  const { json: q } = await daiQuote(ctx, shop)
  const requestId = q.steps[0].requestId
  await send(ctx, q.steps[0].transaction)
  const swap = q.steps[1].transaction
  const { args } = decodeFunctionData({ abi: SWAP, data: swap.data })
  const [amountOut, amountInMax, path, , deadline] = args
  const redirected = encodeFunctionData({ abi: SWAP, functionName: 'swapTokensForExactTokens', args: [amountOut, amountInMax, path, thief, deadline] })
  assert.is((await send(ctx, { ...swap, data: redirected })).status, 'success')
  assert.is(await balanceOf(ctx, DAI, thief), parseUnits('2', 18), 'the redirected swap went through on chain')
  await send(ctx, q.steps[0].transaction) // the redirected swap used the approval up
  const smaller = encodeFunctionData({ abi: SWAP, functionName: 'swapTokensForExactTokens', args: [amountOut / 2n, amountInMax, path, shop, deadline] })
  assert.is((await send(ctx, { ...swap, data: smaller })).status, 'success')
  assert.equal((await status(ctx, requestId)).json, { status: 'waiting' }, 'neither settles the quote')

  const { json: other } = await daiQuote(ctx, shop)
  await send(ctx, other.steps[0].transaction)
  await send(ctx, swap)
  assert.equal((await status(ctx, requestId)).json, { status: 'success' })
  assert.equal((await status(ctx, other.steps[0].requestId)).json, { status: 'waiting' }, 'one payment settles one quote')

  assert.equal(await status(ctx, requestId, 'postern-demo'), { status: 404, json: { error: 'requestId: no such quote', reason: 'requestId: no such quote' } })
  assert.is((await status(ctx, `0x${'ab'.repeat(32)}`)).status, 404)
  assert.is((await status(ctx, "' OR 1=1 --")).status, 400)
  assert.is((await status(ctx, requestId, 'unknown-project')).status, 403)
})

test('bad input and pairs without a route: a 400 whose error says why, never a 500', async (ctx) => {
  const shop = fresh()
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ user: undefined }, /^user: is required for a swap on one chain$/],
    [{ user: 'bob' }, /^user: must be an EVM address/],
    [{ recipient: '0x12' }, /^recipient: must be an EVM address/],
    [{ amount: '0' }, /^amount: must be above 0/],
    [{ amount: '1.5' }, /^amount: must be an integer amount in base units/],
    [{ amount: 5 }, /^amount: must be a string/],
    [{ originChainId: 'one' }, /^originChainId: must be an EVM chain id/],
    [{ originChainId: '998', originCurrency: NATIVE }, /^originChainId: eip155:998 has no exchange to route through$/],
    [{ originChainId: '999', destinationChainId: '999' }, /^originChainId: eip155:999 has no exchange/],
    [{ originCurrency: '0x0000000000000000000000000000000000000001' }, /^originCurrency: 0x0+1 is not traded on eip155:1$/],
    [{ originCurrency: DAI }, /^destinationCurrency: is the origin currency/],
    [{ amount: parseUnits('10000000', 18).toString() }, /^No route pays DAI with USDC: not enough liquidity$/],
  ]
  for (const [over, error] of cases) {
    const { status: code, json } = await daiQuote(ctx, shop, over)
    assert.is(code, 400, JSON.stringify(over))
    assert.match(json.error, error)
    assert.is(json.reason, json.error)
  }
  assert.is((await daiQuote(ctx, shop, {})).status, 200)
  assert.is((await quote(ctx, {}, 'unknown-project')).status, 403)
  const raw = await fetch(`${ctx.api!.url}/appkit/v1/transfers/quote?projectId=test`, { method: 'POST', body: 'not json' })
  assert.is(raw.status, 400)
})

test.run()
