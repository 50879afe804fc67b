// A tiny JSON-RPC endpoint for the RPC policy tests: answers any method (0x1), or a status while
// `failing` is above 0 (counted down per request); counts what reaches it and records the methods.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'uvu'

export interface RpcEndpoint { url: string; requests: number; methods: string[]; failing: number; status: number; close(): Promise<void> }

export async function rpcEndpoint(): Promise<RpcEndpoint> {
  const endpoint = { requests: 0, methods: [], failing: 0, status: 503 } as unknown as RpcEndpoint
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      // The test DOM's fetch asks first (CORS preflight): allowed, not counted.
      res.setHeader('access-control-allow-origin', '*')
      res.setHeader('access-control-allow-headers', '*')
      if (req.method === 'OPTIONS') return void res.writeHead(204).end()
      endpoint.requests++
      if (endpoint.failing > 0) {
        endpoint.failing--
        res.writeHead(endpoint.status).end('unavailable')
        return
      }
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      endpoint.methods.push(method)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  endpoint.close = () => new Promise((r) => server.close(() => r()))
  return endpoint
}

/** A URL nothing listens on: its connections are refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return `http://127.0.0.1:${port}`
}

/** Two endpoints for a suite: started before it, closed after it, counters reset before each test. */
export function endpointsFor(test: Test): { a: RpcEndpoint; b: RpcEndpoint } {
  const pair = {} as { a: RpcEndpoint; b: RpcEndpoint }
  test.before(async () => {
    pair.a = await rpcEndpoint()
    pair.b = await rpcEndpoint()
  })
  test.after(async () => void (await Promise.all([pair.a.close(), pair.b.close()])))
  test.before.each(() => {
    for (const e of [pair.a, pair.b]) Object.assign(e, { requests: 0, methods: [], failing: 0, status: 503 })
  })
  return pair
}
