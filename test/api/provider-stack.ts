// The reference API server on real local chains, behind a pass-through proxy that records each
// request and can hold chosen ones back (to order replies). Nothing is faked: every reply is the
// server's own.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'

export interface ProviderStack {
  api: ApiServer
  /** The proxy's base URL: pass it as apiUrl. */
  url: string
  /** Every request that reached the proxy, as path + query, oldest first. */
  hits: string[]
  hitsOf(path: string): URL[]
  /** Requests (not preflights) whose URL matches wait until release() is called. */
  hold(match: (url: URL) => boolean): () => void
  stop(): Promise<void>
}

export async function startProviderStack(): Promise<ProviderStack> {
  const chains: LocalChains = await startChains()
  let api: ApiServer
  try {
    api = await startApiServer({ chains: chains.chains })
  } catch (error) {
    await chains.stop()
    throw error
  }
  const upstream = new URL(api.url)
  const hits: string[] = []
  const holds: { match: (url: URL) => boolean; gate: Promise<void> }[] = []

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', api.url)
    // happy-dom preflights some cross-origin GETs: those pass at once and are not counted.
    if (req.method !== 'OPTIONS') {
      hits.push(url.pathname + url.search)
      for (const h of holds) if (h.match(url)) await h.gate
    }
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(res)
      },
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  }
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => void forward(req, res).catch(() => res.destroy()))
  server.on('connection', (s) => {
    sockets.add(s)
    s.once('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('proxy has no port')

  return {
    api,
    url: `http://127.0.0.1:${address.port}`,
    hits,
    hitsOf: (path) => hits.map((h) => new URL(h, api.url)).filter((u) => u.pathname === path),
    hold(match) {
      let release!: () => void
      const entry = { match, gate: new Promise<void>((r) => (release = r)) }
      holds.push(entry)
      return () => {
        const at = holds.indexOf(entry)
        if (at >= 0) holds.splice(at, 1)
        release()
      }
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const s of sockets) s.destroy()
      })
      await api.stop()
      await chains.stop()
    },
  }
}
