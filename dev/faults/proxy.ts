// A fault switch for one local service: a proxy in front of it whose mode tests set at any time.
// Modes (issue 17): refuse (the connection is reset at once), hang (accepted, never answered),
// slow (answered after a delay), 500, garbage (200 with a body that is not JSON), drop (the
// response is cut off mid-body). WebSocket upgrades (the relay) pass through while healthy or
// slow and are cut, with every open socket, in any other mode.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'

export const FAULT_MODES = ['none', 'refuse', 'hang', 'slow', '500', 'garbage', 'drop'] as const
export type FaultMode = (typeof FAULT_MODES)[number]

export interface FaultProxy {
  /** http://127.0.0.1:port; the same origin serves ws:// for an upgraded target. */
  url: string
  readonly mode: FaultMode
  /** Requests that reached the proxy since start, by path (what a test counts to see retries). */
  readonly requests: string[]
  set(mode: FaultMode, opts?: { delayMs?: number }): void
  stop(): Promise<void>
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' }

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const to = new URL(target)
  let mode: FaultMode = 'none'
  let delayMs = 2000
  const requests: string[] = []
  const sockets = new Set<Socket>()
  const upgraded = new Set<Socket>()

  const forward = (req: IncomingMessage, res: ServerResponse, cut = false) => {
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      if (!cut) return void answer.pipe(res)
      // drop: the headers and the first bytes, then the connection goes.
      answer.once('data', (chunk: Buffer) => {
        res.write(chunk.subarray(0, Math.max(1, chunk.length >> 1)))
        setTimeout(() => res.socket?.destroy(), 20)
      })
    })
    upstream.on('error', () => res.socket?.destroy())
    req.pipe(upstream)
  }

  const server = createServer((req, res) => {
    requests.push(req.url ?? '')
    // Preflights always pass, so the browser sees the fault itself rather than a CORS refusal.
    if (req.method === 'OPTIONS' && mode !== 'refuse' && mode !== 'hang') return forward(req, res)
    switch (mode) {
      case 'refuse': return void req.socket.destroy()
      case 'hang': return
      case 'slow': return void setTimeout(() => forward(req, res), delayMs)
      case '500':
        res.writeHead(500, { 'content-type': 'application/json', ...CORS })
        return void res.end('{"error":"fault switch: 500"}')
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json', ...CORS })
        return void res.end('<html>not json{"jsonrpc":')
      case 'drop': return forward(req, res, true)
      default: return forward(req, res)
    }
  })
  server.on('connection', (socket) => {
    if (mode === 'refuse') return void socket.destroy()
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('upgrade', (req, socket, head) => {
    if (mode !== 'none' && mode !== 'slow') return void socket.destroy()
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries({ ...req.headers, host: to.host }).map(([k, v]) => `${k}: ${v}`), '', '']
      upstream.write(lines.join('\r\n'))
      if (head.length) upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    for (const s of [socket as Socket, upstream]) {
      upgraded.add(s)
      s.once('close', () => (upgraded.delete(s), socket.destroy(), upstream.destroy()))
      s.on('error', () => undefined)
    }
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode
    },
    requests,
    set(next, opts = {}) {
      mode = next
      delayMs = opts.delayMs ?? delayMs
      // A relay's WebSockets go in any fault but slow. Kept-alive HTTP connections stay: each
      // request on them meets the mode (refuse resets it), as a fresh connection's would.
      if (next !== 'none' && next !== 'slow') for (const s of upgraded) s.destroy()
    },
    stop: () => new Promise((resolve) => {
      for (const s of [...upgraded, ...sockets]) s.destroy()
      server.close(() => resolve())
    }),
  }
}
