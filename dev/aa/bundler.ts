import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { toHex } from 'viem'
import { bundlerKeys } from './deploy.ts'

export interface Bundler {
  chainId: number
  url: string
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)

/** Fastify's line once Alto listens (its rpc module logs it at info, as JSON with --json). */
const LISTENING = /Server listening at http:\/\/[^\s"]+:(\d+)/

/**
 * Starts Pimlico's Alto bundler (from npm) for one chain. Safe mode is off: its ERC-7562 checks
 * need debug_traceCall with a JavaScript tracer, which anvil does not have. CORS is on because the
 * embedded wallet's secure site calls it from the browser. It binds port 0 and the port the OS
 * gave it is read from its log: a port picked here and passed on could be taken by another
 * process in the seconds Alto takes to start.
 */
export async function startBundler(opts: { rpcUrl: string; chainId: number; entryPoint: `0x${string}` }): Promise<Bundler> {
  const { executor, utility } = bundlerKeys()
  // The package exports only its library entry (esm/index.js); its CLI sits beside it.
  const cli = join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
  // An empty working folder, so Alto's dotenv finds no stray .env.
  const cwd = mkdtempSync(join(tmpdir(), 'postern-alto-'))
  const child = spawn(process.execPath, [
    cli,
    '--entrypoints', opts.entryPoint,
    '--executor-private-keys', toHex(executor.getHdKey().privateKey!),
    '--utility-private-key', toHex(utility.getHdKey().privateKey!),
    '--rpc-url', opts.rpcUrl,
    '--port', '0',
    '--safe-mode', 'false',
    '--enable-cors', 'true',
    '--block-time', '250',
    '--min-bundle-interval', '50',
    '--max-bundle-interval', '250',
    '--utility-wallet-monitor', 'false',
    '--refilling-wallets', 'false',
    '--log-level', 'warn',
    '--rpc-log-level', 'info',
    '--json', 'true',
  ], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  let stdout = ''
  let port: number | undefined
  child.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000) })
  child.stdout!.on('data', (d: Buffer) => {
    if (port) return
    stdout = (stdout + d.toString()).slice(-4000)
    const match = LISTENING.exec(stdout)
    if (match) port = Number(match[1])
  })
  const stop = () => new Promise<void>((resolve) => {
    const done = () => { rmSync(cwd, { recursive: true, force: true }); resolve() }
    if (child.exitCode !== null || child.signalCode) return done()
    child.once('exit', done)
    child.kill('SIGTERM')
  })
  try {
    const url = await waitForBundler(() => port, opts.chainId, () => child.exitCode, () => `${stderr}${stdout}`)
    return { chainId: opts.chainId, url, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Resolves to the bundler's URL once it listens and answers for `chainId`. */
async function waitForBundler(port: () => number | undefined, chainId: number, exitCode: () => number | null, output: () => string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exitCode() !== null) throw new Error(`alto exited with code ${exitCode()}: ${output()}`)
    const listening = port()
    if (listening) {
      const url = `http://127.0.0.1:${listening}`
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
        const body = (await res.json()) as { result?: string }
        if (body.result && Number(body.result) === chainId) return url
      } catch {
        // not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`alto did not answer${port() ? ` at port ${port()}` : ' (no port in its log)'} within ${timeoutMs} ms: ${output()}`)
}
