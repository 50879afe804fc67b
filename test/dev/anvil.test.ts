// Anvil nodes of one chain id started side by side are separate chains: a port handed out by
// the OS before anvil binds it could be taken by another test's anvil, and two suites would then
// share one chain and replace each other's transactions (seen as a receipt that never comes).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer } from 'node:net'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil.ts'

const rpc = async (url: string, method: string, params: unknown[] = []) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

test('six anvils of chain id 1 started at once get six ports and six chains', async () => {
  const nodes: AnvilNode[] = await Promise.all(Array.from({ length: 6 }, () => startAnvil(1)))
  try {
    assert.is(new Set(nodes.map((n) => n.rpcUrl)).size, 6)
    // A block mined on the first is on none of the others.
    await rpc(nodes[0]!.rpcUrl, 'evm_mine')
    assert.is(await rpc(nodes[0]!.rpcUrl, 'eth_blockNumber'), '0x1')
    for (const node of nodes.slice(1)) assert.is(await rpc(node.rpcUrl, 'eth_blockNumber'), '0x0')
  } finally {
    await Promise.all(nodes.map((n) => n.stop()))
  }
})

test('a port that is taken is refused with a clear error, not shared', async () => {
  const taken = createServer().listen(0, '127.0.0.1')
  await new Promise((r) => taken.once('listening', r))
  const port = (taken.address() as { port: number }).port
  try {
    const error = await startAnvil(1, port).then(() => undefined, (e: unknown) => e)
    assert.ok(error instanceof Error)
    assert.match(String(error), /anvil exited/)
  } finally {
    taken.close()
  }
})

test.run()
