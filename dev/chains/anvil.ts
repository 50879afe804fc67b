import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { waitForStart } from '../lib/start-wait.ts'

/** The well-known development mnemonic; its first accounts are the demo accounts. */
export const DEMO_MNEMONIC = 'test test test test test test test test test test test junk'

export interface AnvilNode {
  chainId: number
  rpcUrl: string
  stop(): Promise<void>
}

function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const require = createRequire(import.meta.url)
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)
  return join(dirname(pkg), 'bin', 'anvil')
}

/**
 * Anvil starts in well under a second of CPU time alone. On a machine with every core busy its
 * start follows its own CPU time (10 s of it without answering is a stuck start), under a
 * wall-clock cap far above any loaded start, for a node that waits on something that never comes.
 */
const ANVIL_START = { cpuMs: 10_000, wallMs: 180_000 }

/** Waits until the node answers with its own chain id (not another process that took the port). */
async function waitForRpc(rpcUrl: string, chainId: number, child: ChildProcess): Promise<void> {
  await waitForStart(child.pid, async () => {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}`)
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const body = res.ok ? ((await res.json()) as { result?: unknown }) : undefined
      return body?.result === `0x${chainId.toString(16)}` || undefined
    } catch {
      return undefined // not listening yet
    }
  }, ANVIL_START, (reason) => new Error(`anvil did not answer at ${rpcUrl} ${reason}`), 50)
}

/**
 * Starts one anvil node on a loopback port with the demo mnemonic. With a state file the chain
 * (accounts, blocks, transactions) is loaded from it when it exists, written every second and on
 * stop, so a restarted node goes on where the last one ended.
 */
export async function startAnvil(chainId: number, port?: number, opts: { stateFile?: string } = {}): Promise<AnvilNode> {
  const state = opts.stateFile ? ['--state', opts.stateFile, '--state-interval', '1'] : []
  // Without a port given, anvil binds port 0 and says which port the OS gave it: a port asked of
  // the OS beforehand could be taken by another test's anvil of the same chain id, and the two
  // tests would then share one chain (and replace each other's transactions).
  const child = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', String(port ?? 0), '--chain-id', String(chainId), '--mnemonic', DEMO_MNEMONIC, ...state],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  try {
    const listenPort = await listeningPort(child)
    const rpcUrl = `http://127.0.0.1:${listenPort}`
    await waitForRpc(rpcUrl, chainId, child)
    return { chainId, rpcUrl, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The port from anvil's "Listening on 127.0.0.1:PORT" line; the rest of its log is discarded. */
function listeningPort(child: ChildProcess, timeoutMs = ANVIL_START.wallMs): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => fail(new Error(`anvil did not say where it listens within ${timeoutMs} ms`)), timeoutMs)
    const onExit = (code: number | null) => fail(new Error(`anvil exited with code ${code} before listening`))
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096)
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(seen)
      if (!match) return
      done()
      resolve(Number(match[1]))
    }
    const done = () => {
      clearTimeout(timer)
      child.off('exit', onExit)
      child.stdout!.off('data', onData)
      child.stdout!.resume()
    }
    const fail = (error: Error) => {
      done()
      reject(error)
    }
    child.once('exit', onExit)
    child.stdout!.on('data', onData)
  })
}
