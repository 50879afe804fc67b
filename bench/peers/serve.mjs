// A loopback static server for the cache folder's dist-* pages: no caching, so every run fetches
// every byte; uncompressed, or with `compress` as a site's host would serve them (brotli where the
// browser offers it, else gzip; the phone profile, where every kilobyte costs); and the brotli
// size of a served file, for "JS before visible".
import { createServer } from 'node:http'
import { existsSync, readFile, readFileSync } from 'node:fs'
import { extname, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.wasm': 'application/wasm' }

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg'])
const encoded = new Map()
/** The file's body in the best encoding the request accepts (each computed once). */
function encode(file, body, accept) {
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null
  if (!encoding || !COMPRESSIBLE.has(extname(file))) return { body }
  const key = `${encoding}:${file}`
  if (!encoded.has(key)) encoded.set(key, encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(body, { level: 9 }))
  return { body: encoded.get(key), encoding }
}

export function startServer(rootDir, { compress = false } = {}) {
  const root = resolve(rootDir)
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname
    let file = resolve(root, `.${decodeURIComponent(path)}`)
    // A folder's index.html (the root's too, when the root is a dist-* folder itself).
    if (path.endsWith('/')) file = resolve(file, 'index.html')
    if (!file.startsWith(root + sep) || !file.includes(`${sep}dist-`)) return res.writeHead(403).end()
    readFile(file, (error, body) => {
      if (error) return res.writeHead(404).end()
      const out = compress ? encode(file, body, String(req.headers['accept-encoding'] ?? '')) : { body }
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store',
        ...(out.encoding ? { 'content-encoding': out.encoding, vary: 'accept-encoding' } : {}) }).end(out.body)
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
