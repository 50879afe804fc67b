// Two servers on one real PostgreSQL: migrations run once, one indexer runs (advisory lock), and the
// other server takes over when the first stops.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Address } from 'viem'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import { migrate, migrations } from '../../server/db/migrate.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { fresh, sendEth, type History } from '../dev/api-chain-cases.ts'
import { startPostgres, type TestPostgres } from './postgres.ts'
import { stealFreedPorts } from '../dev/port-thief.ts'
import { watchdogMs } from '../watchdog.ts'

interface Ctx {
  chains?: LocalChains
  postgres?: TestPostgres
  servers: ApiServer[]
  /** The ports taken from under Postgres' start. */
  stolen?: number[]
}
const test = suite<Ctx>('two servers on one Postgres', { servers: [] })

const watchdog = setTimeout(() => (console.error('shared-postgres.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
test.before(async (ctx) => {
  // Postgres starts while the first port this process frees is taken at once by another listener.
  const thief = stealFreedPorts(1)
  try {
    ctx.postgres = await startPostgres()
  } finally {
    ctx.stolen = thief.stolen
    await thief.restore()
  }
  ctx.chains = await startChains()
  const databaseUrl = await ctx.postgres.createDatabase()
  // Started together, so that both race for the migrations and the lock.
  ctx.servers = await Promise.all([0, 1].map(() => startApiServer({ chains: ctx.chains!.chains, databaseUrl, indexer: { intervalMs: 200 } })))
})
test.after(async (ctx) => {
  await Promise.all(ctx.servers.map((s) => s.stop()))
  await ctx.chains?.stop()
  await ctx.postgres?.stop()
  clearTimeout(watchdog)
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until<T>(what: string, read: () => Promise<T>, ok: (t: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`)
    await sleep(100)
  }
}

async function hashes(server: ApiServer, address: Address): Promise<string[]> {
  const res = await fetch(`${server.url}/v1/account/${address}/history?projectId=test`)
  assert.is(res.status, 200)
  return ((await res.json()) as History).data.map((i) => i.metadata.hash)
}

test('protection: Postgres whose port is taken between its choice and its bind starts on another', async (ctx) => {
  assert.is(ctx.stolen?.length, 1)
  assert.not.ok(new URL(await ctx.postgres!.createDatabase()).port === String(ctx.stolen![0]), 'the URL names the port another process holds')
})

test('the migrations ran once and are not applied again', async (ctx) => {
  const db = ctx.servers[0]!.db
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
  assert.equal(rows.map((r) => r.version), migrations().map((m) => m.version))
  assert.equal(await migrate(db), [])
  const extra = [...migrations(), { version: 900, name: 'probe', sql: 'CREATE TABLE probe (id integer);\nINSERT INTO probe VALUES (1);' }]
  assert.equal(await migrate(db, extra), [900])
  assert.equal(await migrate(db, extra), [])
  assert.equal(await db.query('SELECT id FROM probe'), [{ id: 1 }])
  const prices = await db.query<{ n: string }>('SELECT count(*) AS n FROM prices')
  assert.ok(Number(prices[0]!.n) >= 4, 'prices seeded once')
})

test('exactly one server indexes, and both serve what it indexed', async (ctx) => {
  await until('a leader', async () => ctx.servers.filter((s) => s.indexer!.leading).length, (n) => n === 1)
  await sleep(500)
  assert.is(ctx.servers.filter((s) => s.indexer!.leading).length, 1, 'still one')
  const to = fresh()
  const hash = await sendEth(ctx, 0, ctx.chains!.accounts[0]!, to, '0.1')
  for (const s of ctx.servers) assert.equal(await until('history', () => hashes(s, to), (h) => h.length === 1), [hash])
})

test('when the indexing server stops, the other takes over', async (ctx) => {
  const leader = ctx.servers.find((s) => s.indexer!.leading)!
  const other = ctx.servers.find((s) => s !== leader)!
  await leader.stop()
  ctx.servers = [other]
  await until('takeover', async () => other.indexer!.leading, (x) => x)
  const to = fresh()
  const hash = await sendEth(ctx, 1, ctx.chains!.accounts[1]!, to, '0.2')
  assert.equal(await until('history', () => hashes(other, to), (h) => h.length === 1), [hash])
  const dupes = await other.db.query('SELECT chain, number FROM chain_blocks GROUP BY chain, number HAVING count(*) > 1')
  assert.equal(dupes, [])
})

test.run()
