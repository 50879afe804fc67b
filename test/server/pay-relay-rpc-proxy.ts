// A JSON-RPC proxy in front of a local node, standing in for what a public RPC does to the
// relayer: it refuses log queries over more than `maxLogRange` blocks (as providers cap them), and
// answers every call `delayMs` late (a slow node). It records the log queries it was asked.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RpcProxy {
  url: string
  maxLogRange: number | undefined
  delayMs: number
  /** Every eth_getLogs asked: its first and last block. */
  logQueries: { from: bigint; to: bigint; refused: boolean }[]
  stop(): Promise<void>
}

interface Call { jsonrpc: '2.0'; id: unknown; method: string; params?: unknown[] }

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: RpcProxy = { url: '', maxLogRange: undefined, delayMs: 0, logQueries: [], stop: async () => {} }
  const forward = async (call: Call) => {
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) })
    return res.json()
  }
  const answer = async (call: Call): Promise<unknown> => {
    if (call.method === 'eth_getLogs') {
      const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string }
      const latest = BigInt(((await forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber' })) as { result: string }).result)
      const block = (tag: string | undefined) => (tag === undefined || !tag.startsWith('0x') ? latest : BigInt(tag))
      const from = block(filter.fromBlock)
      const to = block(filter.toBlock)
      const refused = proxy.maxLogRange !== undefined && to - from + 1n > BigInt(proxy.maxLogRange)
      proxy.logQueries.push({ from, to, refused })
      if (refused) return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: `exceed maximum block range: ${proxy.maxLogRange}` } }
    }
    return forward(call)
  }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      try {
        await new Promise((resolve) => setTimeout(resolve, proxy.delayMs))
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Call | Call[]
        const reply = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
      } catch (error) {
        res.writeHead(502).end(String(error))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.stop = () => new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
  return proxy
}
