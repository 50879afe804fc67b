// A loopback static server for the cache folder's dist-* pages: no compression, no caching, so
// every run fetches every byte; and the brotli size of a served file, for "JS before visible".
import { createServer } from 'node:http'
import { existsSync, readFile, readFileSync } from 'node:fs'
import { extname, resolve, sep } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.wasm': 'application/wasm' }

export function startServer(rootDir) {
  const root = resolve(rootDir)
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname
    let file = resolve(root, `.${decodeURIComponent(path)}`)
    if (!file.startsWith(root + sep) || !file.includes(`${sep}dist-`)) return res.writeHead(403).end()
    if (path.endsWith('/')) file = resolve(file, 'index.html')
    readFile(file, (error, body) => {
      if (error) return res.writeHead(404).end()
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body)
    })
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() })))
}

const sizes = new Map()
export function brotliSize(file) {
  if (!sizes.has(file)) {
    sizes.set(file, existsSync(file) ? brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length : 0)
  }
  return sizes.get(file)
}
