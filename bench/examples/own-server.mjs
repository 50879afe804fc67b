// Examples that come with a server of their own (react-siwe-server-example's SIWE server,
// react-wagmi-smart-session's): `server/` with a package.json and a start script, listening on a
// fixed localhost port and allowing one fixed page origin (CORS, a same-site session cookie). The
// check installs it as the app (Postern's entries for AppKit's), starts it with the stack's project
// id and chains, and opens the app at the origin the server allows.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildEnv, installApp } from './install.mjs'
import { rewritePackageJson } from './imports.mjs'

const serverFetch = fileURLToPath(new URL('./server-fetch.mjs', import.meta.url))
// tsx's loader, for a server that imports TypeScript (react-wagmi-smart-session's server.js imports
// ./config/index.ts, which Node 22 strips and Node 20 cannot load; its TypeScript is plain data).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** The app's own server, if it has one: { dir, port, pageOrigin }, read from its code. */
export function ownServer(appDir) {
  const dir = join(appDir, 'server')
  const pkgFile = join(dir, 'package.json')
  if (!existsSync(pkgFile)) return undefined
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'))
  const main = join(dir, pkg.main ?? 'server.js')
  if (!pkg.scripts?.start || !existsSync(main)) return undefined
  const code = readFileSync(main, 'utf8')
  const port = Number(/\.listen\(\s*(\d+)/.exec(code)?.[1] ?? NaN)
  const origin = /origin:\s*\[?\s*['"](http:\/\/localhost:\d+)['"]/.exec(code)?.[1]
  const importsTypeScript = /\bfrom\s+['"][^'"]+\.ts['"]/.test(code)
  return Number.isFinite(port) ? { dir, port, pageOrigin: origin, importsTypeScript } : undefined
}

/** Installs the server's dependencies, its @reown/* ones replaced by Postern's tarball (when given: else as published). */
export async function installServer(server, posternTarball) {
  if (posternTarball) rewritePackageJson(server.dir, posternTarball)
  return installApp(server.dir)
}

/**
 * Starts the server (its own start script) against the stack; resolves once its port answers.
 * Its environment: the stack's project id (also as SERVER_PROJECT_ID) and a fresh
 * APPLICATION_PRIVATE_KEY (the smart-session server's signer, which its .env would hold).
 */
export async function startServer(server, projectId, rpcByChain, apiUrl) {
  const preload = [...(server.importsTypeScript ? [tsxLoader] : []), pathToFileURL(serverFetch).href].map((url) => `--import=${url}`).join(' ')
  const env = {
    ...process.env, ...buildEnv(projectId), SERVER_PROJECT_ID: projectId, APPLICATION_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
    POSTERN_EXAMPLES_RPC: JSON.stringify(rpcByChain), POSTERN_EXAMPLES_API: apiUrl, NODE_OPTIONS: preload,
  }
  let output = ''
  const child = spawn('npm', ['start', '--silent'], { cwd: server.dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
  }
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app's server exited: ${output.trim().split('\n').pop()}`)
    if (await fetch(`http://127.0.0.1:${server.port}/`).then(() => true, () => false)) return { stop, output: () => output }
    await new Promise((r) => setTimeout(r, 300))
  }
  await stop()
  throw new Error(`the app's server did not listen on port ${server.port} in 30 s`)
}
