// The database out of reach while a chain is read: a balance read uses the database too (the tokens
// it knows, the prices), so the answer is the database's 503, not a "chain read failed" 502 that
// would send a client and an operator after the node.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { openDb } from '../../server/db/index.ts'
import { faultyDb } from '../../dev/faults/db.ts'
import type { FaultSwitch } from '../../dev/faults/index.ts'
import { startChains, demoAddresses, type LocalChains } from '../../dev/chains/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ chains?: LocalChains; db?: FaultSwitch; api?: ApiServer }>('server: database down during a chain read', {})
const watchdog = setTimeout(() => (console.error('db-faults-chain.test.ts: timed out'), process.exit(1)), watchdogMs(60_000))
const me = demoAddresses()[0]!

test.before(async (ctx) => {
  ctx.chains = await startChains({ chainIds: [1] })
  const db = faultyDb(await openDb({}), { hangMs: 300 })
  ctx.db = db
  ctx.api = await startApiServer({ chains: ctx.chains.chains, db, indexer: false, onrampSandbox: false })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.chains?.stop()
  clearTimeout(watchdog)
})

const balance = async (ctx: { api?: ApiServer }) => {
  const res = await fetch(`${ctx.api!.url}/v1/account/${me}/balance?projectId=test&currency=usd&chainId=eip155:1&forceUpdate=1`)
  return { status: res.status, json: (await res.json()) as any }
}

for (const mode of ['refuse', '500'] as const) {
  test(`database ${mode} after the prices were read: the balance answers 503 with the database's reason, then the balance again`, async (ctx) => {
    const healthy = await balance(ctx)
    assert.is(healthy.status, 200)
    assert.ok(healthy.json.balances.some((b: any) => b.symbol === 'ETH'))
    // The prices stay read for 2 s: the chain read's own database query is the one that fails.
    ctx.db!.set(mode)
    const down = await balance(ctx)
    assert.is(down.status, 503, JSON.stringify(down.json))
    assert.is(down.json.reason, 'The database is unavailable; try again shortly')
    ctx.db!.set('none')
    assert.is((await balance(ctx)).status, 200)
  })
}

test.run()
