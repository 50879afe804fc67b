// Readers that ask the indexer to catch up at once share one pass, and each pass they wait for
// starts after they asked (so it reads every block they could expect).
import { createServer } from 'node:http'
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

test('a catch-up for one chain family passes over that family only', async () => {
  const db = await openDb({})
  let evmPasses = 0
  let solanaRequests = 0
  const client = { getBlockNumber: async () => (evmPasses++, 0n) } as unknown as PublicClient
  // A ledger that answers nothing useful: each pass over it is one request, then an error (logged once).
  const ledger = createServer((_req, res) => (solanaRequests++, res.writeHead(503).end()))
  await new Promise<void>((resolve) => ledger.listen(0, '127.0.0.1', () => resolve()))
  const rpcUrl = `http://127.0.0.1:${(ledger.address() as { port: number }).port}`
  const indexer = startIndexer({ db, evm: [{ caip: 'eip155:1', client }], solana: { caip: 'solana:x', rpcUrl, knownMints: {} }, intervalMs: 60_000, startBlock: 5n })
  try {
    for (let i = 0; !indexer.leading; i++) {
      assert.ok(i < 100, 'leading')
      await sleep(20)
    }
    await indexer.catchUp()
    const counts = (): [number, number] => [evmPasses, solanaRequests]
    const [evm0, solana0] = counts()
    await indexer.catchUp('evm')
    assert.equal(counts(), [evm0 + 1, solana0], 'an EVM reader does not wait for the ledger')
    await indexer.catchUp('solana')
    assert.equal(counts(), [evm0 + 1, solana0 + 1], 'a Solana reader does not wait for the EVM nodes')
    await indexer.catchUp()
    assert.equal(counts(), [evm0 + 2, solana0 + 2], 'without a family, both')
  } finally {
    await indexer.stop()
    await db.close()
    await new Promise((resolve) => ledger.close(resolve))
  }
})

test.run()
