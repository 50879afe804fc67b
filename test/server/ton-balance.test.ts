// The balance endpoint for TON addresses, read from a toncenter v2 JSON-RPC endpoint (TON_API_URL):
// here the local TON ledger (dev/ton, @ton/sandbox behind toncenter's API) with the demo wallet funded.
import type { Server } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Address, toNano } from '@ton/core'
import { formatUnits } from 'viem'
import { startTon, type LocalTon } from '../../dev/ton/index.ts'
import { demoTonWallet } from '../../dev/ton/keys.ts'
import { tonApiProxy } from './ton-api-proxy.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { configFromEnv } from '../../server/config.ts'
import { accountBalance as balance } from './account-routes.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  ton?: LocalTon
  api?: ApiServer
  wallet?: Address
  /** Between the server and the ledger: passes calls on, or answers what a test sets. */
  proxy?: Server
  fakeAnswer?: unknown
}
const test = suite<Ctx>('server: TON balances', {})
const TON_CAIP = 'ton:-239'

const watchdog = setTimeout(() => (console.error('ton-balance.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
test.before(async (ctx) => {
  ctx.wallet = (await demoTonWallet()).contract.address
  ctx.ton = await startTon({ fund: [ctx.wallet], amount: toNano('12.5') })
  const proxy = await tonApiProxy(ctx.ton.url, () => ctx.fakeAnswer)
  ctx.proxy = proxy.server
  ctx.api = await startApiServer({ chains: [], tonApiUrl: proxy.url, indexer: false })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await new Promise((resolve) => ctx.proxy?.close(resolve))
  await ctx.ton?.stop()
  clearTimeout(watchdog)
})


test('behavior: a TON address gets the Toncoin the ledger holds for it, in its friendly and raw forms', async (ctx) => {
  const held = await ctx.ton!.balance(ctx.wallet!)
  assert.ok(held > 0n && held <= toNano('12.5'))
  for (const form of [ctx.wallet!.toString({ urlSafe: true, bounceable: false }), ctx.wallet!.toString(), ctx.wallet!.toRawString()]) {
    const { status, body } = await balance(ctx.api!, form, TON_CAIP)
    assert.is(status, 200, JSON.stringify(body))
    const list = body.balances.map((b: any) => [b.name, b.symbol, b.chainId, b.quantity.decimals, b.quantity.numeric])
    assert.equal(list, [['Toncoin', 'TON', TON_CAIP, '9', formatUnits(held, 9)]])
  }
})

test('behavior: without a chainId the TON network is the one reported; an account never funded lists nothing', async (ctx) => {
  assert.is((await balance(ctx.api!, ctx.wallet!.toString())).body.balances[0].chainId, TON_CAIP)
  const nobody = new Address(0, Buffer.alloc(32, 7)).toString()
  assert.equal((await balance(ctx.api!, nobody)).body, { balances: [] })
})

test('input: a TON address whose checksum fails, and a TON network not served, are refused with 400', async (ctx) => {
  const good = ctx.wallet!.toString()
  const last = good.at(-1) === 'A' ? 'B' : 'A'
  const { status, body } = await balance(ctx.api!, `${good.slice(0, -1)}${last}`)
  assert.is(status, 400)
  assert.match(body.reason, /^address: /)
  assert.is((await balance(ctx.api!, good, 'ton:-3')).status, 400)
})

test('input: an answer of the TON API that is not toncenter\'s is a 502 naming the call', async (ctx) => {
  for (const answer of [{ ok: true, result: 'lots' }, { ok: false, error: 'rate limit exceeded', code: 429 }, null]) {
    ctx.fakeAnswer = answer
    const { status, body } = await balance(ctx.api!, ctx.wallet!.toString())
    assert.is(status, 502)
    assert.match(body.reason, /^chain read failed: TON API getAddressBalance: /)
  }
  ctx.fakeAnswer = { ok: true, result: '1500000000' }
  assert.is((await balance(ctx.api!, ctx.wallet!.toString())).body.balances[0].quantity.numeric, '1.5')
  ctx.fakeAnswer = undefined
})

test('config: TON_API_URL and TON_CHAIN_IDS from the environment; TON mainnet by default', () => {
  const env = { EVM_RPC_URLS: '', TON_API_URL: 'https://toncenter.com/api/v2/jsonRPC' }
  const config = configFromEnv(env)
  assert.is(config.tonApiUrl, 'https://toncenter.com/api/v2/jsonRPC')
  assert.equal(config.tonChainIds, [TON_CAIP])
  assert.equal(configFromEnv({ ...env, TON_CHAIN_IDS: 'ton:-3' }).tonChainIds, ['ton:-3'])
  assert.throws(() => configFromEnv({ ...env, TON_API_URL: 'not a url' }), /TON_API_URL/)
})

test.run()
