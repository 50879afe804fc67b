// The balance endpoint for TRON addresses, read from a TRON full node's HTTP API (TRON_API_URL):
// here the local node (dev/tron) with its demo TRX and TRC-20 token.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEMO_TRC20, startTron, type LocalTron } from '../../dev/tron/index.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { configFromEnv } from '../../server/config.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  tron?: LocalTron
  api?: ApiServer
}
const test = suite<Ctx>('server: TRON balances', {})

const watchdog = setTimeout(() => (console.error('tron-balance.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
test.before(async (ctx) => {
  ctx.tron = await startTron({ blockMs: 200 })
  ctx.api = await startApiServer({
    chains: [],
    tronApiUrl: ctx.tron.url,
    tronChainIds: [ctx.tron.caipNetworkId],
    tronTokens: { [DEMO_TRC20.address]: { name: DEMO_TRC20.name, symbol: DEMO_TRC20.symbol } },
    indexer: false,
  })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.tron?.stop()
  clearTimeout(watchdog)
})

const balance = async (ctx: Ctx, address: string, chainId?: string) => {
  const url = new URL(`/v1/account/${address}/balance`, ctx.api!.url)
  url.searchParams.set('projectId', 'test')
  url.searchParams.set('currency', 'usd')
  if (chainId) url.searchParams.set('chainId', chainId)
  const res = await fetch(url)
  return { status: res.status, body: (await res.json()) as any }
}

test('behavior: a TRON address gets its TRX and TRC-20 holdings as the node has them', async (ctx) => {
  const owner = ctx.tron!.accounts[0]!.address
  const { status, body } = await balance(ctx, owner, ctx.tron!.caipNetworkId)
  assert.is(status, 200)
  const list = body.balances.map((b: any) => [b.symbol, b.quantity.numeric, b.quantity.decimals, b.chainId, b.address ?? null])
  assert.equal(list, [
    ['TRX', '10000', '6', 'tron:0x504f5354', null],
    ['USDT', '1000', '6', 'tron:0x504f5354', `tron:0x504f5354:${DEMO_TRC20.address}`],
  ])
})

test('behavior: without a chainId the TRON network is the one reported; an unfunded address lists nothing', async (ctx) => {
  const { body } = await balance(ctx, ctx.tron!.accounts[1]!.address)
  assert.is(body.balances[0].chainId, ctx.tron!.caipNetworkId)
  assert.equal((await balance(ctx, 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy', ctx.tron!.caipNetworkId)).body, { balances: [] })
})

test('behavior: a TRON network the server does not serve is refused with 400', async (ctx) => {
  const { status } = await balance(ctx, ctx.tron!.accounts[0]!.address, 'tron:0x2b6653dc')
  assert.is(status, 400)
})

test('config: TRON_API_URL and TRON_CHAIN_IDS from the environment; mainnet by default', () => {
  const env = { EVM_RPC_URLS: '', TRON_API_URL: 'https://api.trongrid.io' }
  const config = configFromEnv(env)
  assert.is(config.tronApiUrl, 'https://api.trongrid.io')
  assert.equal(config.tronChainIds, ['tron:0x2b6653dc'])
  assert.throws(() => configFromEnv({ ...env, TRON_API_URL: 'not a url' }), /TRON_API_URL/)
})

test.run()
