import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { freePort } from '../lib/ports.ts'

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

/** Waits until the node answers with its own chain id (not another process that took the port). */
async function waitForRpc(rpcUrl: string, chainId: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}`)
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const body = res.ok ? ((await res.json()) as { result?: unknown }) : undefined
      if (body?.result === `0x${chainId.toString(16)}`) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`anvil did not answer at ${rpcUrl} within ${timeoutMs} ms`)
}

/**
 * Starts one anvil node on a free loopback port with the demo mnemonic. With a state file the
 * chain (accounts, blocks, transactions) is loaded from it when it exists, written every second
 * and on stop, so a restarted node goes on where the last one ended.
 */
export async function startAnvil(chainId: number, port?: number, opts: { stateFile?: string } = {}): Promise<AnvilNode> {
  // A port asked of the OS can be taken by another process before anvil binds it (many tests start
  // side by side): then anvil exits, and another free port is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAnvilOn(chainId, port ?? (await freePort()), opts)
    } catch (error) {
      if (port !== undefined || attempt >= 3 || !/exited/.test(String(error))) throw error
    }
  }
}

async function startAnvilOn(chainId: number, listenPort: number, opts: { stateFile?: string }): Promise<AnvilNode> {
  const state = opts.stateFile ? ['--state', opts.stateFile, '--state-interval', '1'] : []
  const child = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', String(listenPort), '--chain-id', String(chainId), '--mnemonic', DEMO_MNEMONIC, '--silent', ...state],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const rpcUrl = `http://127.0.0.1:${listenPort}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  try {
    await waitForRpc(rpcUrl, chainId, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { chainId, rpcUrl, stop }
}
