import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { toHex } from 'viem'
import { bundlerKeys } from './deploy.ts'
import { waitForStart } from '../lib/start-wait.ts'

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
    const url = await waitForStart(child.pid, async () => {
      if (child.exitCode !== null) throw new Error(`alto exited with code ${child.exitCode}: ${stderr}${stdout}`)
      return port === undefined ? undefined : answers(`http://127.0.0.1:${port}`, opts.chainId)
    }, ALTO_START, (reason) => new Error(`alto did not answer${port ? ` at port ${port}` : ' (no port in its log)'} ${reason}: ${stderr}${stdout}`))
    return { chainId: opts.chainId, url, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Alone, Alto starts in about 2 s of CPU time (loading its modules, asking the chain for its
 * state); on a machine with every core busy that is a minute of wall clock or more. The wait
 * follows its CPU time: 60 s of it without answering is a stuck start. The wall-clock cap is
 * for a start that waits on something that never comes, far above any loaded start seen.
 */
const ALTO_START = { cpuMs: 60_000, wallMs: 300_000 }

/** The bundler's URL once it answers eth_chainId with `chainId`; undefined while it does not. */
async function answers(url: string, chainId: number): Promise<string | undefined> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
    const body = (await res.json()) as { result?: string }
    return body.result && Number(body.result) === chainId ? url : undefined
  } catch {
    return undefined // not answering yet
  }
}
