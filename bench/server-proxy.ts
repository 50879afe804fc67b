// A small round-robin HTTP proxy in front of several servers, as a load balancer stands: a request
// that could not reach a server (connection refused) goes to the next one; a request a server
// took and then lost (the server died) is answered 502, as a real balancer answers it.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'

export const LOST_HEADER = 'x-proxy-lost'
/** The backend that answered (or was lost), on every response. */
export const BACKEND_HEADER = 'x-proxy-backend'

export interface Proxy {
  url: string
  /** Requests forwarded to `backend` and not yet answered. */
  inFlight(backend: string): number
  /** Requests forwarded to `backend` so far. */
  forwarded(backend: string): number
  /** Replaces a backend (a restarted server listens on a new port). */
  replace(from: string, to: string): void
  stop(): Promise<void>
}

export async function startProxy(backends: string[]): Promise<Proxy> {
  const list = [...backends]
  let next = 0
  const open = new Map<string, number>()
  const total = new Map<string, number>()
  const count = (origin: string, by: number) => open.set(origin, (open.get(origin) ?? 0) + by)
  // A server that refused a connection is passed over for a second, as a balancer's health check would.
  const downUntil = new Map<string, number>()
  const pick = (tried: string[]) => {
    const candidates = list.filter((b) => !tried.includes(b))
    const up = candidates.filter((b) => (downUntil.get(b) ?? 0) <= Date.now())
    const from = up.length ? up : candidates
    return from.length ? from[next++ % from.length] : undefined
  }
  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, tried: string[]) => {
    const backend = pick(tried)
    if (!backend) {
      res.writeHead(503, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify({ reason: 'no server is reachable' }))
    }
    const target = new URL(backend)
    count(target.origin, 1)
    total.set(target.origin, (total.get(target.origin) ?? 0) + 1)
    let done = false
    const settle = () => done || (done = true, count(target.origin, -1))
    // A fresh connection per request: a refusal then always means the server never saw it.
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [BACKEND_HEADER]: target.origin })
      answer.pipe(res)
      answer.on('end', settle)
      answer.on('error', () => (settle(), res.destroy()))
    })
    out.on('error', (error: NodeJS.ErrnoException) => {
      settle()
      if (res.headersSent) return void res.destroy()
      // Refused: the server never saw the request, so another may take it.
      if (error.code === 'ECONNREFUSED') {
        downUntil.set(backend, Date.now() + 1000)
        return forward(req, body, res, [...tried, backend])
      }
      res.writeHead(502, { 'content-type': 'application/json', [LOST_HEADER]: error.code ?? 'error', [BACKEND_HEADER]: target.origin })
      res.end(JSON.stringify({ reason: 'the server lost the request' }))
    })
    out.end(body)
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => forward(req, Buffer.concat(chunks), res, []))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('proxy has no TCP address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    inFlight: (backend) => open.get(new URL(backend).origin) ?? 0,
    forwarded: (backend) => total.get(new URL(backend).origin) ?? 0,
    replace(from, to) {
      const at = list.indexOf(from)
      if (at < 0) throw new Error(`proxy: no backend ${from}`)
      list[at] = to
    },
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    }),
  }
}
