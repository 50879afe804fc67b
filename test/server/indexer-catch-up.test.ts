// Readers that ask the indexer to catch up at once share one pass, and each pass they wait for
// starts after they asked (so it reads every block they could expect).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { PublicClient } from 'viem'
import { openDb } from '../../server/db/index.ts'
import { startIndexer } from '../../server/indexer/index.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('a burst of catch-ups costs one pass, which starts after every one of them asked', async () => {
  const db = await openDb({})
  const passStarts: number[] = []
  // A chain whose head the index is past: a pass reads the block number and stops there.
  const client = { getBlockNumber: async () => (passStarts.push(performance.now()), await sleep(30), 0n) } as unknown as PublicClient
  const indexer = startIndexer({ db, evm: [{ caip: 'eip155:1', client }], intervalMs: 60_000, startBlock: 5n })
  try {
    for (let i = 0; !indexer.leading; i++) {
      assert.ok(i < 100, 'leading')
      await sleep(20)
    }
    await indexer.catchUp()
    const before = passStarts.length
    const asked: number[] = []
    const done = await Promise.all(Array.from({ length: 50 }, async () => {
      asked.push(performance.now())
      await indexer.catchUp()
      return performance.now()
    }))
    assert.is(passStarts.length - before, 1, 'one pass for 50 readers')
    const start = passStarts.at(-1)!
    assert.ok(asked.every((t) => t <= start), 'the pass started after each reader asked')
    assert.ok(done.every((t) => t >= start + 25), 'each reader waited for the pass')
    // A reader asking while that pass runs gets a pass of its own, after it.
    const running = indexer.catchUp()
    await sleep(5)
    const late = indexer.catchUp()
    await Promise.all([running, late])
    assert.is(passStarts.length - before, 3)
  } finally {
    await indexer.stop()
    await db.close()
  }
})

test.run()
