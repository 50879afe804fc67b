// Serves a built example: a bundler's static output (Vite's dist/) from the dev stack's static
// server, or a Next.js app with its own `next start`.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildEnv } from './install.mjs'

const freePort = () => new Promise((resolve, reject) => {
  const server = createServer()
  server.once('error', reject)
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address()
    server.close(() => resolve(port))
  })
})

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.status < 500, () => false)) return
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`)
}

const serverFetch = fileURLToPath(new URL('./server-fetch.mjs', import.meta.url))

/**
 * { url, stop } for the built app in `dir`, at `origin` when given. A Next.js app's own server
 * reaches the stack's chains for AppKit's public RPC (`rpcByChain`: { 'eip155:1': url }), as its
 * page does.
 */
export async function serveApp(dir, projectId, startStaticServer, rpcByChain = {}, origin, extraEnv = {}) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  if (/\bnext\b/.test(pkg.scripts?.build ?? '')) {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const env = { ...process.env, ...buildEnv(projectId, extraEnv), NEXTAUTH_URL: url, POSTERN_EXAMPLES_RPC: JSON.stringify(rpcByChain), NODE_OPTIONS: `--import=${pathToFileURL(serverFetch).href}` }
    const child = spawn(join(dir, 'node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, env, stdio: 'ignore' })
    try {
      await waitForHttp(url, 60_000)
    } catch (error) {
      child.kill()
      throw error
    }
    return { url, stop: async () => void child.kill() }
  }
  const out = ['dist', 'build', 'out'].map((d) => join(dir, d)).find((d) => existsSync(join(d, 'index.html')))
  if (!out) throw new Error('the build left no index.html (dist/, build/ or out/)')
  // An app whose own server allows one page origin (http://localhost:5174) is served there.
  const at = origin ? new URL(origin) : undefined
  const server = await startStaticServer({ mounts: { '/': out }, ...(at ? { port: Number(at.port), hostname: at.hostname } : {}) })
  return { url: at ? at.origin : server.url, stop: () => server.stop() }
}
