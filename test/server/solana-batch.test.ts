// Solana JSON-RPC batches: each call settles alone, batches are cut to the providers' cap, and a
// node that takes no batches still answers every call (one by one).
import { createServer } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as v from 'valibot'
import { SOLANA_BATCH_MAX, solanaBatch } from '../../server/chain/solana.ts'

type Call = { id: number; method: string; params: unknown[] }

/** A node answering `echo` with its first parameter and `fail` with an error; `batches: false` refuses batches as some providers do. */
async function node(opts: { batches: boolean }) {
  const seen: number[] = []
  const answer = (c: Call) => (c.method === 'fail' ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'no such thing' } } : { jsonrpc: '2.0', id: c.id, result: c.params[0] })
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const payload = JSON.parse(body) as Call | Call[]
    seen.push(Array.isArray(payload) ? payload.length : 1)
    res.writeHead(200, { 'content-type': 'application/json' })
    if (!Array.isArray(payload)) return res.end(JSON.stringify(answer(payload)))
    if (!opts.batches) return res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch requests are not allowed' } }))
    // Out of order, as a node may answer a batch.
    res.end(JSON.stringify(payload.map(answer).reverse()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { url, seen, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const echo = (n: number) => ({ method: 'echo', params: [n], schema: v.number() })

const test = suite('Solana JSON-RPC batches')

test('answers come back by id, an error stays with its call, a wrong answer is refused', async () => {
  const rpc = await node({ batches: true })
  try {
    const [one, failed, two, wrong] = await solanaBatch(rpc.url, [echo(1), { method: 'fail', params: [], schema: v.number() }, echo(2), { method: 'echo', params: ['x'], schema: v.number() }])
    assert.equal([one, two], [1, 2])
    assert.instance(failed, Error)
    assert.is((failed as Error).message, 'Solana RPC fail: no such thing')
    assert.instance(wrong, Error)
    assert.match((wrong as Error).message, /^Solana RPC echo: unexpected result/)
    assert.equal(rpc.seen, [4], 'one request')
  } finally {
    await rpc.stop()
  }
})

test(`a batch is cut into requests of ${SOLANA_BATCH_MAX} calls`, async () => {
  const rpc = await node({ batches: true })
  try {
    const count = SOLANA_BATCH_MAX * 2 + 5
    const answers = await solanaBatch(rpc.url, Array.from({ length: count }, (_, i) => echo(i)))
    assert.equal(answers, Array.from({ length: count }, (_, i) => i))
    assert.equal(rpc.seen, [SOLANA_BATCH_MAX, SOLANA_BATCH_MAX, 5])
  } finally {
    await rpc.stop()
  }
})

test('a node that refuses batches is asked call by call', async () => {
  const rpc = await node({ batches: false })
  try {
    const answers = await solanaBatch(rpc.url, [echo(7), { method: 'fail', params: [], schema: v.number() }, echo(8)])
    assert.equal([answers[0], answers[2]], [7, 8])
    assert.instance(answers[1], Error)
    assert.equal(rpc.seen, [3, 1, 1, 1])
  } finally {
    await rpc.stop()
  }
})

test.run()
