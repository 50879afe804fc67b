import { createServer, type ServerResponse } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { Socket } from 'node:net'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json', '.map': 'application/json',
}

export interface StaticServer {
  url: string
  /** Serves generated text at a path (config scripts, test pages), with extra headers such as a CSP. */
  setPage(path: string, body: string, type?: string, headers?: Record<string, string>): void
  stop(): Promise<void>
}

/** Serves folders under URL prefixes, plus generated pages; refuses anything outside its folders. */
export async function startStaticServer(opts: {
  port?: number
  /**
   * The name its URL gives (whatever interface it listens on); 'localhost' for the secure site,
   * whose passkeys need a domain as their relying party id, not an IP address.
   */
  hostname?: string
  /** The interface it listens on; default 127.0.0.1 (the secure site's package serves on others). */
  listen?: string
  mounts: Record<string, string>
  /** Extra headers for a served file (a framing policy, say), from its path and the request's URL. */
  headers?: (file: string, url: URL) => Promise<Record<string, string>> | Record<string, string>
}): Promise<StaticServer> {
  const pages = new Map<string, { body: string; type: string; headers?: Record<string, string> }>()
  const send = (res: ServerResponse, status: number, body: string | Buffer, type = 'text/plain; charset=utf-8', headers?: Record<string, string>) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers })
    res.end(body)
  }
  const resolveFile = async (pathname: string): Promise<string | undefined> => {
    for (const [prefix, dir] of Object.entries(opts.mounts).sort((a, b) => b[0].length - a[0].length)) {
      if (!pathname.startsWith(prefix)) continue
      const rest = decodeURIComponent(pathname.slice(prefix.length)) || 'index.html'
      const file = normalize(join(dir, rest))
      if (!file.startsWith(normalize(dir) + sep) && file !== normalize(dir)) return undefined
      const info = await stat(file).catch(() => undefined)
      if (info?.isFile()) return file
      if (info?.isDirectory()) return resolveFile(`${pathname.replace(/\/$/, '')}/index.html`)
    }
    return undefined
  }
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const { pathname } = url
      const page = pages.get(pathname)
      if (page) return send(res, 200, page.body, page.type, page.headers)
      const file = await resolveFile(pathname)
      if (!file) return send(res, 404, 'not found')
      send(res, 200, await readFile(file), TYPES[extname(file)] ?? 'application/octet-stream', await opts.headers?.(file, url))
    } catch {
      send(res, 400, 'bad request')
    }
  })
  const sockets = new Set<Socket>()
  server.on('connection', (s) => (sockets.add(s), s.once('close', () => sockets.delete(s))))
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(opts.port ?? 0, opts.listen ?? '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://${opts.hostname ?? '127.0.0.1'}:${port}`,
    setPage: (path, body, type = TYPES[extname(path)] ?? TYPES['.html']!, headers) => void pages.set(path, { body, type, headers }),
    stop: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy()
      server.close(() => resolve())
    }),
  }
}
