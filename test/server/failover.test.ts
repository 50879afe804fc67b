// Two server processes on one real Postgres behind a round-robin proxy; the indexing one is killed
// (SIGKILL) in the middle of 200 writes (sign-ins, names, analytics, e-mail codes) and started
// again (bench/server-failover.ts plays it, as `npm run bench:server` does at a larger scale).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startChains } from '../../dev/chains/index.ts'
import { runFailover, type FailoverReport } from '../../bench/server-failover.ts'
import { watchdogMs } from '../watchdog.ts'

const watchdog = setTimeout(() => (console.error('failover.test.ts: timed out'), process.exit(1)), watchdogMs(90_000))
let report: FailoverReport | undefined

test.before(async () => {
  const chains = await startChains({ chainIds: [1] })
  try {
    report = await runFailover({ chains, writes: 200, concurrency: 8 })
  } finally {
    await chains.stop()
  }
})
test.after(() => clearTimeout(watchdog))

test('every write the clients were told succeeded is in the database, and every code they were told was mailed redeems on the survivor', () => {
  const r = report!
  const a = r.acknowledged
  assert.ok(a.sessions > 30 && a.names > 30 && a.events > 150 && a.codes > 30, JSON.stringify(a))
  assert.equal(r.missing, [])
})

test('clients saw only the proxy\'s 502 for requests in flight on the killed server', () => {
  const r = report!
  assert.equal(r.failures, [])
  assert.is(r.lostElsewhere, 0)
  assert.ok(r.lost <= r.inFlightAtKill, `${r.lost} lost, ${r.inFlightAtKill} were in flight`)
})

test('the indexer lock moved to the survivor within seconds and stayed there', () => {
  const r = report!
  assert.ok(r.takeoverMs < 5_000, `took ${r.takeoverMs} ms`)
  assert.ok(r.survivorKeptLock)
})

test('history has every transaction sent across the failover, once, and the blocks no gap', () => {
  const r = report!
  assert.ok(r.history.sent >= 5, `${r.history.sent} sent`)
  assert.equal({ missing: r.history.missing, duplicates: r.history.duplicates, listed: r.history.listed }, { missing: 0, duplicates: 0, listed: r.history.sent })
  assert.equal(r.blockGaps, [])
})

test.run()
