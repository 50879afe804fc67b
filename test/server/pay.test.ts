// AppKit Pay's JSON-RPC on the reference server and its exchange sandbox page: the exchanges, a pay
// URL on the sandbox's own origin, the status only the sandbox moves (paid on chain once, or
// cancelled), bad input as JSON-RPC errors, another project's payment unknown, rate limits.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { TOKEN_ADDRESS } from '../../dev/chains/index.ts'
import { startApiServer } from '../../server/index.ts'

const test = suite<ApiCtx>('server pay API and exchange sandbox', {})
withApiServer(test, 'pay.test.ts')

// A fresh recipient (never the treasury, an unlocked demo account that pays).
const shop = privateKeyToAccount(generatePrivateKey()).address
async function rpc(url: string, method: string, params: unknown, projectId = 'test') {
  const res = await fetch(`${url}/v1/json-rpc?projectId=${projectId}`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) })
  return { status: res.status, json: (await res.json()) as any }
}
const call = (ctx: ApiCtx, method: string, params: unknown, projectId?: string) => rpc(ctx.api!.url, method, params, projectId)
const sandbox = (ctx: ApiCtx, action: 'confirm' | 'cancel', session: string) =>
  fetch(`${ctx.api!.onrampSandboxUrl}/exchange/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ session }) })
const reader = (ctx: ApiCtx, i = 0) => createPublicClient({ transport: http(ctx.chains!.chains[i]!.rpcUrl) })
const usdc = (ctx: ApiCtx) => reader(ctx).readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [shop] })
const payUrl = (ctx: ApiCtx, params: Record<string, unknown> = {}) =>
  call(ctx, 'reown_getExchangePayUrl', { exchangeId: 'reown_test', asset: `eip155:1/erc20:${TOKEN_ADDRESS}`, amount: '12.5', recipient: `eip155:1:${shop}`, ...params })

test('exchanges: the sandbox exchange under AppKit\'s test id; includeOnly, exclude and an unsold asset filter it', async (ctx) => {
  const { status, json } = await call(ctx, 'reown_getExchanges', { page: 0 })
  assert.is(status, 200)
  assert.is(json.id, 7)
  assert.equal(json.result.exchanges.map((e: any) => e.id), ['reown_test'])
  assert.is(json.result.total, 1)
  assert.match(json.result.exchanges[0].imageUrl, /^data:image\/svg\+xml,/)
  assert.is((await call(ctx, 'reown_getExchanges', { page: 0, exclude: ['reown_test'] })).json.result.total, 0)
  assert.is((await call(ctx, 'reown_getExchanges', { page: 0, includeOnly: ['binance'] })).json.result.total, 0)
  assert.is((await call(ctx, 'reown_getExchanges', { page: 0, asset: 'eip155:1/slip44:60' })).json.result.total, 1)
  assert.is((await call(ctx, 'reown_getExchanges', { page: 0, asset: 'eip155:1/erc20:0x0000000000000000000000000000000000000001' })).json.result.total, 0)
})

test('a pay URL is on the sandbox origin; paying there sends the token to the recipient on chain once, and the status says SUCCESS with the hash', async (ctx) => {
  const { status, json } = await payUrl(ctx)
  assert.is(status, 200, JSON.stringify(json))
  const url = new URL(json.result.url)
  assert.is(url.origin, ctx.api!.onrampSandboxUrl)
  const sessionId = json.result.sessionId
  assert.is(url.searchParams.get('session'), sessionId)
  const page = await (await fetch(url)).text()
  assert.match(page, /12\.5 USDC/)
  assert.ok(page.includes(shop))
  const status0 = await call(ctx, 'reown_getExchangeBuyStatus', { sessionId, exchangeId: 'reown_test' })
  assert.equal(status0.json.result, { status: 'IN_PROGRESS' })
  const before = await usdc(ctx)
  const paid = await sandbox(ctx, 'confirm', sessionId)
  assert.is(paid.status, 200)
  assert.match(await paid.text(), /Payment sent/)
  assert.is((await sandbox(ctx, 'confirm', sessionId)).status, 200, 'a second confirm')
  assert.is((await usdc(ctx)) - before, parseUnits('12.5', 6), 'paid once')
  const done = (await call(ctx, 'reown_getExchangeBuyStatus', { sessionId, exchangeId: 'reown_test' })).json.result
  assert.is(done.status, 'SUCCESS')
  const receipt = await reader(ctx).getTransactionReceipt({ hash: done.txHash })
  assert.is(receipt.status, 'success')
  assert.is(receipt.to?.toLowerCase(), TOKEN_ADDRESS.toLowerCase())
  assert.is((await sandbox(ctx, 'cancel', sessionId)).status, 200)
  assert.is((await call(ctx, 'reown_getExchangeBuyStatus', { sessionId, exchangeId: 'reown_test' })).json.result.status, 'SUCCESS', 'a paid payment cannot be cancelled after')
})

test('native coin on Polygon: paid in POL to the recipient; a cancelled payment reports FAILED and pays nothing', async (ctx) => {
  const polygon = reader(ctx, 1)
  const { json } = await payUrl(ctx, { asset: 'eip155:137/slip44:60', amount: '0.25', recipient: `eip155:137:${shop}` })
  const before = await polygon.getBalance({ address: shop })
  await sandbox(ctx, 'confirm', json.result.sessionId)
  assert.is((await polygon.getBalance({ address: shop })) - before, parseEther('0.25'))
  const other = (await payUrl(ctx)).json.result.sessionId
  const held = await usdc(ctx)
  assert.match(await (await sandbox(ctx, 'cancel', other)).text(), /Payment cancelled/)
  await sandbox(ctx, 'confirm', other)
  assert.is(await usdc(ctx), held, 'a cancelled payment is never paid')
  assert.equal((await call(ctx, 'reown_getExchangeBuyStatus', { sessionId: other, exchangeId: 'reown_test' })).json.result, { status: 'FAILED' })
})

test('forged status: another project\'s payment, another exchange\'s id or a made-up session are unknown; the status cannot be set by the caller', async (ctx) => {
  const sessionId = (await payUrl(ctx)).json.result.sessionId
  for (const [params, projectId] of [
    [{ sessionId, exchangeId: 'reown_test' }, 'postern-demo'],
    [{ sessionId, exchangeId: 'coinbase' }, 'test'],
    [{ sessionId: '0'.repeat(32), exchangeId: 'reown_test' }, 'test'],
    [{ sessionId: "' OR 1=1 --", exchangeId: 'reown_test' }, 'test'],
  ] as const) {
    const { status, json } = await call(ctx, 'reown_getExchangeBuyStatus', params, projectId)
    assert.is(status, 400)
    assert.equal(json.error, { code: -32602, message: 'sessionId: no such payment' })
  }
  const forged = await call(ctx, 'reown_getExchangeBuyStatus', { sessionId, exchangeId: 'reown_test', status: 'SUCCESS', txHash: '0x01' })
  assert.equal(forged.json.result, { status: 'IN_PROGRESS' })
  assert.is((await fetch(`${ctx.api!.onrampSandboxUrl}/exchange?session=${'f'.repeat(32)}`)).status, 404)
})

test('bad input: JSON-RPC errors with a 400 and a reason, never a 500', async (ctx) => {
  const cases: [unknown, RegExp][] = [
    [{ exchangeId: 'nope' }, /exchangeId: nope is not an exchange on offer/],
    [{ asset: 'eip155:1/erc20:0x0000000000000000000000000000000000000001' }, /is not supported by reown_test/],
    [{ asset: 'eip155:999/slip44:60', recipient: `eip155:999:${shop}` }, /is not supported/],
    [{ asset: 'bitcoin' }, /is not supported/],
    [{ amount: '-1' }, /amount: must be a decimal number/],
    [{ amount: '0' }, /amount: must be above 0/],
    [{ amount: '1.1234567' }, /amount: USDC has 6 decimals/],
    [{ amount: 12 }, /amount/],
    [{ recipient: shop }, /recipient: must be a CAIP-10 eip155 address/],
    [{ recipient: `eip155:137:${shop}` }, /recipient: is on eip155:137, the asset on eip155:1/],
  ]
  for (const [params, reason] of cases) {
    const { status, json } = await payUrl(ctx, params as Record<string, unknown>)
    assert.is(status, 400, JSON.stringify(params))
    assert.is(json.jsonrpc, '2.0')
    assert.match(json.error.message, reason)
    assert.is(json.reason, json.error.message, 'the server\'s error shape too')
  }
  assert.equal((await call(ctx, 'reown_nope', {})).json.error, { code: -32601, message: 'method: reown_nope is not a method of this endpoint' })
  assert.equal((await call(ctx, 'constructor', {})).json.error.code, -32601)
  const raw = await fetch(`${ctx.api!.url}/v1/json-rpc?projectId=test`, { method: 'POST', body: JSON.stringify({ method: 1 }) })
  assert.is(raw.status, 400)
  assert.is(((await raw.json()) as any).error.code, -32600)
  assert.is((await call(ctx, 'reown_getExchanges', {}, 'unknown-project')).status, 403)
})

test.run()

const limited = suite('server pay API rate limits')
limited('behavior: the JSON-RPC endpoint counts against the write limit (a 429 with Retry-After)', async () => {
  const api = await startApiServer({ chains: [], indexer: false, onrampSandbox: false, rateLimits: { 'write.ip': { points: 2, duration: 600 } } })
  try {
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await rpc(api.url, 'reown_getExchanges', { page: 0 })).status)
    assert.equal(statuses, [200, 200, 429])
  } finally {
    await api.stop()
  }
})
limited.run()
