// Two relayer servers on one Postgres database look at the same quotes at once (status requests to
// both and their periodic looks): each quote is paid once and each excess refunded once.
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseUnits } from 'viem'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import { startPostgres, type TestPostgres } from './postgres.ts'
import { depositUsdc, fresh, relayQuote, relayStatus, usdcOf } from './pay-relay-fixture.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx { chains?: LocalChains; postgres?: TestPostgres; servers: ApiServer[] }
const test = suite<Ctx>('pay relayer: two servers on one database', { servers: [] })
const watchdog = setTimeout(() => { console.error('pay-relay-workers.test.ts: timed out'); process.exit(1) }, watchdogMs(180_000))

test.before(async (ctx) => {
  const [chains, postgres] = await Promise.all([startChains(), startPostgres()])
  Object.assign(ctx, { chains, postgres })
  const databaseUrl = await postgres.createDatabase()
  const key = randomBytes(32).toString('hex')
  // The same sealing key on both, as two replicas of one deployment; each looks every 300 ms.
  for (let i = 0; i < 2; i++) ctx.servers.push(await startApiServer({ chains: chains.chains, databaseUrl, indexer: false, payRelay: { key, intervalMs: 300 } }))
})
test.after(async (ctx) => {
  for (const s of ctx.servers) await s.stop()
  await ctx.chains?.stop()
  await ctx.postgres?.stop()
  clearTimeout(watchdog)
})

test('an excess deposit looked at by both servers at once: one payout, one refund, one sweep', async (ctx) => {
  const [a, b] = ctx.servers
  const shops = [fresh(), fresh(), fresh()]
  const payer = ctx.chains!.accounts[1]!
  const quotes = []
  for (const shop of shops) quotes.push(await relayQuote({ api: a, chains: ctx.chains }, shop, '1'))
  const before = await usdcOf(ctx, 1, payer)
  for (const q of quotes) await depositUsdc(ctx, payer, q.depositAddress, q.amount + parseUnits('0.5', 6))
  const looks = quotes.flatMap((q) => [a, b, a, b].map((api) => relayStatus({ api, chains: ctx.chains }, q.requestId)))
  const seen = await Promise.all(looks)
  assert.ok(seen.every((s) => s === 'success' || s === 'pending'), seen.join())
  for (const q of quotes) assert.is(await relayStatus({ api: b, chains: ctx.chains }, q.requestId), 'success')
  await new Promise((resolve) => setTimeout(resolve, 1_500)) // more periodic looks by both
  for (const shop of shops) assert.is(await usdcOf(ctx, 0, shop), parseUnits('1', 6), 'paid once')
  assert.is(await usdcOf(ctx, 1, payer), before - quotes.reduce((sum, q) => sum + q.amount, 0n), 'each excess back once')
  const kinds = await a!.db.query<{ kind: string; n: string }>("SELECT kind, count(*) AS n FROM pay_relay_txs WHERE status = 'confirmed' GROUP BY kind ORDER BY kind")
  assert.equal(kinds.map((k) => `${k.kind}:${k.n}`), ['gas:6', 'gas-return:3', 'payout:3', 'refund:3', 'sweep:3'])
})

test.run()
