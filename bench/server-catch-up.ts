// The indexer pass a history request waits for, when nothing new was mined, timed on both local
// chains with the index on PGlite: as the pass made its reads before (the node's head, our newest
// block from the database, that block from the node, its stored hash: one after another) and as
// syncEvm makes them now (the head and our newest block in one batched request), alternating, one
// after another and 16 at once.
//   node --import tsx bench/server-catch-up.ts
import { openDb } from '../server/db/index.ts'
import { EvmChain } from '../server/chain/evm.ts'
import { syncEvm } from '../server/indexer/evm.ts'
import { lastBlock, storedHash } from '../server/indexer/store.ts'
import { startChains } from '../dev/chains/index.ts'

const chains = await startChains()
const db = await openDb({})
try {
  const sources = chains.chains.map((c) => new EvmChain(c))
  const opts = { maxBlocks: 500, startBlock: 0n }
  for (const s of sources) while ((await syncEvm(db, s, opts)) > 0);
  const before = () => Promise.all(sources.map(async (s) => {
    const latest = await s.client.getBlockNumber({ cacheTime: 0 })
    const head = (await lastBlock(db, s.caip))!
    const same = head.number <= latest && (await s.client.getBlock({ blockNumber: head.number })).hash === (await storedHash(db, s.caip, head.number))
    if (!same) throw new Error('the chain moved under the benchmark')
  }))
  const now = () => Promise.all(sources.map(async (s) => {
    if ((await syncEvm(db, s, opts)) !== 0) throw new Error('the chain moved under the benchmark')
  }))
  // Warmed up (compiled, connections open) before anything is timed.
  for (let i = 0; i < 50; i++) await Promise.all([before(), now()])
  for (const [name, pass] of [['before', before], ['now', now], ['before', before], ['now', now], ['before', before], ['now', now]] as const) {
    const started = performance.now()
    for (let i = 0; i < 300; i++) await pass()
    const together = performance.now()
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let i = 0; i < 40; i++) await pass()
    }))
    console.log(`${name.padEnd(6)} ${((together - started) / 300).toFixed(2)} ms a pass one after another; ${Math.round(640 / ((performance.now() - together) / 1000))} passes/s 16 at once`)
  }
} finally {
  await db.close()
  await chains.stop()
}
