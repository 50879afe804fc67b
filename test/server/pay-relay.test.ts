// AppKit Pay across chains and through an exchange on the reference server: what the sandbox
// exchange sells, a wallet's route across chains (its deposit on one chain, the exact amount paid
// on the other once the deposit is on chain, once), an exchange paying a route's deposit, and the
// attacks: a short deposit, another quote's deposit, a session replayed for another recipient or
// amount, a foreign Origin or project, and another project's status.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { dexInfo } from '../../dev/chains/dex.ts'
import { TOKEN_ADDRESS } from '../../dev/chains/index.ts'
import { relayIdle } from '../../server/pay-relay-context.ts'

const test = suite<ApiCtx>('server pay routes across chains and through an exchange', {})
withApiServer(test, 'pay-relay.test.ts', { timeoutMs: 120_000 })

const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const DAI = dexInfo().tokens.find((t) => t.symbol === 'DAI')!.address
const fresh = () => privateKeyToAccount(generatePrivateKey()).address
// chains[0] is eip155:1, chains[1] eip155:137.
const reader = (ctx: ApiCtx, i: number) => createPublicClient({ transport: http(ctx.chains!.chains[i]!.rpcUrl) })
const balanceOf = (ctx: ApiCtx, i: number, token: Hex, owner: Hex) => reader(ctx, i).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
// Demo account 1 holds ETH and USDC on this file's own chains (unlocked on the node).
const payer = (ctx: ApiCtx) => ctx.chains!.accounts[1]!

async function quote(ctx: ApiCtx, body: Record<string, unknown>, opts: { projectId?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(opts.origin && { origin: opts.origin }) }
  const res = await fetch(`${ctx.api!.url}/appkit/v1/transfers/quote?projectId=${opts.projectId ?? 'test'}`, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as any }
}
/** 5 DAI on Ethereum to the recipient, paid with USDC on Polygon (by the payer, or an exchange when no user). */
const crossQuote = (ctx: ApiCtx, recipient: string, over: Record<string, unknown> = {}) =>
  quote(ctx, { user: payer(ctx), originChainId: '137', originCurrency: TOKEN_ADDRESS, destinationChainId: '1', destinationCurrency: DAI, recipient, amount: parseUnits('5', 18).toString(), ...over })
/** The status route's answer after a look that started after this call (the route starts it in the background). */
async function status(ctx: ApiCtx, requestId: string, projectId = 'test') {
  const ask = () => fetch(`${ctx.api!.url}/appkit/v1/transfers/status?projectId=${projectId}&requestId=${requestId}`)
  await ask()
  await relayIdle(ctx.api!.db)
  const res = await ask()
  return { status: res.status, json: (await res.json()) as any }
}
async function rpc(ctx: ApiCtx, method: string, params: unknown, origin?: string) {
  const res = await fetch(`${ctx.api!.url}/v1/json-rpc?projectId=test`, { method: 'POST', headers: origin ? { origin } : {}, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return { status: res.status, json: (await res.json()) as any }
}
const sandbox = (ctx: ApiCtx, action: 'confirm' | 'cancel', fields: Record<string, string>) =>
  fetch(`${ctx.api!.onrampSandboxUrl}/exchange/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
/** Sends a transaction from an unlocked demo account on chain i and waits for it. */
async function send(ctx: ApiCtx, i: number, tx: { from: Hex; to: Hex; data?: Hex; value?: string }) {
  const wallet = createWalletClient({ account: tx.from, transport: http(ctx.chains!.chains[i]!.rpcUrl) })
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? 0), chain: null })
  return reader(ctx, i).waitForTransactionReceipt({ hash })
}
const usdcTransfer = (ctx: ApiCtx, to: Hex, amount: bigint) =>
  send(ctx, 1, { from: payer(ctx), to: TOKEN_ADDRESS, data: (`0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`) as Hex })

test('the sandbox exchange\'s assets (AppKit\'s transfers/assets/exchanges/:id): native coins and the tokens its treasury holds on each chain; an unknown exchange is a 404', async (ctx) => {
  const res = await fetch(`${ctx.api!.url}/appkit/v1/transfers/assets/exchanges/reown_test?projectId=test&st=appkit&sv=html-wagmi-1.8.19`)
  assert.is(res.status, 200)
  const json = (await res.json()) as any
  assert.is(json.exchangeId, 'reown_test')
  const ids = json.assets.eip155.map((a: any) => `${a.network}/${a.asset}`)
  for (const id of ['eip155:1/native', `eip155:1/${TOKEN_ADDRESS}`, 'eip155:137/native', `eip155:137/${TOKEN_ADDRESS}`]) assert.ok(ids.includes(id), `${id} in ${ids}`)
  assert.not.ok(ids.includes(`eip155:1/${DAI}`), 'the treasury holds no DAI: not sold')
  const pol = json.assets.eip155.find((a: any) => a.network === 'eip155:137' && a.asset === 'native').metadata
  assert.equal([pol.symbol, pol.decimals], ['POL', 18])
  const unknown = await fetch(`${ctx.api!.url}/appkit/v1/transfers/assets/exchanges/binance?projectId=test`)
  assert.is(unknown.status, 404)
  assert.equal(await unknown.json(), { error: 'exchangeId: binance is not an exchange on offer', reason: 'exchangeId: binance is not an exchange on offer' })
})

test('a wallet pays across chains: one deposit transaction on Polygon, then the recipient gets exactly 5 DAI on Ethereum, once', async (ctx) => {
  const shop = fresh()
  const { status: code, json: q } = await crossQuote(ctx, shop)
  assert.is(code, 200, JSON.stringify(q))
  assert.equal(q.destination, { amount: parseUnits('5', 18).toString(), currency: { network: 'eip155:1', asset: DAI, metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 } } })
  assert.is(q.origin.currency.network, 'eip155:137')
  // The two DEXes' prices (DAI/USDC 1:1 with the pool's fee) and the relayer's 0.5 %: a computed figure.
  const origin = BigInt(q.origin.amount)
  assert.ok(origin > parseUnits('5', 6) && origin < parseUnits('5.1', 6), q.origin.amount)
  assert.equal(q.fees.map((f: any) => f.id), ['network', 'service'])
  assert.is(q.steps.length, 1)
  const [step] = q.steps
  assert.is(step.type, 'transaction')
  assert.is(step.transaction.chainId, 137)
  assert.is(step.transaction.from.toLowerCase(), payer(ctx).toLowerCase())
  assert.is(step.transaction.to.toLowerCase(), TOKEN_ADDRESS.toLowerCase())
  assert.equal((await status(ctx, step.requestId)).json, { status: 'waiting' })
  // What Ethereum's node asks for gas (it mines nothing until the payout, so the payout was signed against this).
  const asked = await reader(ctx, 0).getGasPrice()
  const receipt = await send(ctx, 1, step.transaction)
  assert.is(receipt.status, 'success')
  assert.equal((await status(ctx, step.requestId)).json, { status: 'success' })
  assert.is(await balanceOf(ctx, 0, DAI, shop), parseUnits('5', 18), 'the exact amount on the destination chain')
  assert.equal((await status(ctx, step.requestId)).json, { status: 'success' })
  assert.is(await balanceOf(ctx, 0, DAI, shop), parseUnits('5', 18), 'paid once')
  // Signed with the same margin over the network's gas price as the refunds' gas, so a rising base fee does not strand it.
  const [payout] = await ctx.api!.db.query<{ tx_hash: Hex }>("SELECT tx_hash FROM pay_relay_txs WHERE request_id = $1 AND kind = 'payout'", [step.requestId])
  const signed = await reader(ctx, 0).getTransaction({ hash: payout!.tx_hash })
  assert.ok(signed.gasPrice! >= (asked * 3n) / 2n, `payout at ${signed.gasPrice}, the network asked ${asked}`)
})

test('attack: a short deposit pays nothing; a deposit to one quote\'s address never settles another quote', async (ctx) => {
  const shop = fresh()
  const q1 = (await crossQuote(ctx, shop, { destinationCurrency: TOKEN_ADDRESS, amount: parseUnits('3', 6).toString() })).json
  const q2 = (await crossQuote(ctx, shop, { destinationCurrency: TOKEN_ADDRESS, amount: parseUnits('3', 6).toString() })).json
  const deposit1 = `0x${q1.steps[0].transaction.data.slice(34, 74)}` as Hex
  const deposit2 = `0x${q2.steps[0].transaction.data.slice(34, 74)}` as Hex
  assert.is.not(deposit1.toLowerCase(), deposit2.toLowerCase(), 'a deposit address per quote')
  await usdcTransfer(ctx, deposit1, BigInt(q1.origin.amount) - 1n)
  assert.equal((await status(ctx, q1.steps[0].requestId)).json, { status: 'waiting' })
  assert.is(await balanceOf(ctx, 0, TOKEN_ADDRESS, shop), 0n)
  await usdcTransfer(ctx, deposit1, 1n)
  assert.equal((await status(ctx, q2.steps[0].requestId)).json, { status: 'waiting' }, 'quote 1\'s deposit is not quote 2\'s')
  assert.equal((await status(ctx, q1.steps[0].requestId)).json, { status: 'success' })
  assert.is(await balanceOf(ctx, 0, TOKEN_ADDRESS, shop), parseUnits('3', 6))
  assert.equal((await status(ctx, q2.steps[0].requestId)).json, { status: 'waiting' })
})

test('an exchange pays a route\'s deposit: the quote without a user is a deposit step (in whole 8-decimal steps); its pay URL to the deposit address; the sandbox pays it and the recipient is credited across chains', async (ctx) => {
  const shop = fresh()
  const { json: q } = await crossQuote(ctx, shop, { user: undefined, originCurrency: NATIVE, destinationCurrency: TOKEN_ADDRESS, amount: parseUnits('2', 6).toString() })
  assert.is(q.steps.length, 1, JSON.stringify(q))
  const [step] = q.steps
  assert.is(step.type, 'deposit')
  assert.is(step.deposit.currency.toLowerCase(), NATIVE.toLowerCase())
  assert.is(step.deposit.amount, q.origin.amount)
  assert.is(BigInt(step.deposit.amount) % 10n ** 10n, 0n, 'POL in 8 decimals at most')
  assert.equal(q.fees.map((f: any) => f.id), ['service'])
  const amount = (Number(BigInt(step.deposit.amount) / 10n ** 10n) / 1e8).toFixed(8).replace(/0+$/, '')
  const url = await rpc(ctx, 'reown_getExchangePayUrl', { exchangeId: 'reown_test', asset: 'eip155:137/slip44:60', amount, recipient: `eip155:137:${step.deposit.receiver}` })
  assert.is(url.status, 200, JSON.stringify(url.json))
  // The session cannot be pointed elsewhere: the form's own recipient and amount are ignored.
  const thief = fresh()
  const paid = await sandbox(ctx, 'confirm', { session: url.json.result.sessionId, recipient: thief, amount: '1000' })
  assert.is(paid.status, 200)
  assert.is(await reader(ctx, 1).getBalance({ address: thief }), 0n)
  assert.is(await reader(ctx, 1).getBalance({ address: step.deposit.receiver }), BigInt(step.deposit.amount))
  assert.equal((await status(ctx, step.requestId)).json, { status: 'success' })
  assert.is(await balanceOf(ctx, 0, TOKEN_ADDRESS, shop), parseUnits('2', 6))
})

test('attack: an exchange session for less than the deposit leaves the route waiting and the recipient unpaid', async (ctx) => {
  const shop = fresh()
  const { json: q } = await crossQuote(ctx, shop, { user: undefined, destinationCurrency: TOKEN_ADDRESS, amount: parseUnits('4', 6).toString() })
  const [step] = q.steps
  const short = (Number(step.deposit.amount) / 1e6 - 0.5).toFixed(6)
  const url = await rpc(ctx, 'reown_getExchangePayUrl', { exchangeId: 'reown_test', asset: `eip155:137/erc20:${TOKEN_ADDRESS}`, amount: short, recipient: `eip155:137:${step.deposit.receiver}` })
  await sandbox(ctx, 'confirm', { session: url.json.result.sessionId })
  assert.is((await rpc(ctx, 'reown_getExchangeBuyStatus', { sessionId: url.json.result.sessionId, exchangeId: 'reown_test' })).json.result.status, 'SUCCESS')
  assert.equal((await status(ctx, step.requestId)).json, { status: 'waiting' })
  assert.is(await balanceOf(ctx, 0, TOKEN_ADDRESS, shop), 0n)
})

test('attack: a foreign Origin or an unknown project is refused on the quote, the exchange\'s assets and the JSON-RPC; another project\'s route status reveals nothing', async (ctx) => {
  const shop = fresh()
  const foreign = 'https://evil.example'
  const body = { user: payer(ctx), originChainId: '137', originCurrency: TOKEN_ADDRESS, destinationChainId: '1', destinationCurrency: DAI, recipient: shop, amount: '1' }
  const refused = await quote(ctx, body, { origin: foreign })
  assert.is(refused.status, 403)
  assert.match(refused.json.reason, /origin: https:\/\/evil\.example is not an allowed origin/)
  assert.is((await quote(ctx, body, { origin: 'http://localhost:5173' })).status, 200, 'an allowed site')
  assert.is((await quote(ctx, {}, { projectId: 'unknown-project' })).status, 403)
  assert.is((await fetch(`${ctx.api!.url}/appkit/v1/transfers/assets/exchanges/reown_test?projectId=test`, { headers: { origin: foreign } })).status, 403)
  const rpcRefused = await rpc(ctx, 'reown_getExchangePayUrl', { exchangeId: 'reown_test', asset: 'eip155:1/slip44:60', amount: '1', recipient: `eip155:1:${shop}` }, foreign)
  assert.is(rpcRefused.status, 403)
  const { json: q } = await crossQuote(ctx, shop)
  const other = await status(ctx, q.steps[0].requestId, 'postern-demo')
  const none = await status(ctx, `0x${'ab'.repeat(32)}`)
  assert.is(other.status, 404)
  assert.equal(other.json, none.json, 'as unknown as none')
})

test('bad input: a same-chain swap needs its payer; Solana tokens have no route; a pair the DEXes cannot price says so', async (ctx) => {
  const shop = fresh()
  const sameChain = await quote(ctx, { originChainId: '1', originCurrency: TOKEN_ADDRESS, destinationChainId: '1', destinationCurrency: DAI, recipient: shop, amount: '1' })
  assert.equal([sameChain.status, sameChain.json.error], [400, 'user: is required for a swap on one chain'])
  const unknownChain = await crossQuote(ctx, shop, { destinationChainId: '10' })
  assert.equal([unknownChain.status, unknownChain.json.error], [400, 'destinationChainId: eip155:10 has no exchange to route through'])
  const solana = await quote(ctx, { user: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', originChainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', originCurrency: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', destinationChainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', destinationCurrency: 'So11111111111111111111111111111111111111112', recipient: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', amount: '1000' })
  assert.equal([solana.status, solana.json.error], [400, 'No route with Solana tokens: pay with the payment asset itself'])
  const tooMuch = await crossQuote(ctx, shop, { amount: parseUnits('10000000', 18).toString() })
  assert.is(tooMuch.status, 400)
  assert.match(tooMuch.json.error, /No route pays DAI on eip155:1 with USDC on eip155:137: not enough liquidity/)
})

test.run()
