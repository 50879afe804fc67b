// A JSON-RPC proxy in front of an anvil for the abuse tests: it counts the methods the server
// calls and can pretend to be another node (web3_clientVersion), e.g. a real network's Geth.
import { createServer } from 'node:http'

export interface RpcProxy {
  url: string
  /** Calls seen per method, batches included. */
  calls: Map<string, number>
  /** HTTP requests seen (a batch is one). */
  requests: number
  /** Every call seen, in order, with its parameters. */
  log: { method: string; params: unknown[] }[]
  /** What web3_clientVersion answers; the node's own answer when unset. */
  clientVersion?: string
  stop(): Promise<void>
}

type Call = { id: unknown; method: string; params?: unknown[] }

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: RpcProxy = { url: '', calls: new Map(), requests: 0, log: [], stop: async () => {} }
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[]
    const list = Array.isArray(body) ? body : [body]
    proxy.requests++
    for (const call of list) proxy.calls.set(call.method, (proxy.calls.get(call.method) ?? 0) + 1)
    proxy.log.push(...list.map((c) => ({ method: c.method, params: c.params ?? [] })))
    const answer = (await (await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })).json()) as { id: unknown; result?: unknown } | { id: unknown; result?: unknown }[]
    // The node's version, as another node would give it (the client batches, so per call).
    const posed = new Set(list.filter((c) => c.method === 'web3_clientVersion').map((c) => c.id))
    for (const one of Array.isArray(answer) ? answer : [answer]) if (proxy.clientVersion && posed.has(one.id)) one.result = proxy.clientVersion
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  proxy.stop = () => new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
  return proxy
}
