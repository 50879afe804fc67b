// The reference server as its own process (`server/main.ts`, configured by environment as a
// deployment is), so that its memory is its own and it can be killed like a real one.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Limits far above any load this machine makes, so a benchmark or test measures the servers and
 * not the limiter; set through RATE_LIMITS, as any deployment sets its own. Each is still counted.
 */
export const LOAD_RATE_LIMITS = ['mail', 'auth', 'write'].flatMap((g) => [`${g}.ip=999999999/600`, `${g}.all=999999999/600`]).join(',')

export interface ServerProcess {
  url: string
  pid: number
  child: ChildProcess
  /** Resident memory in bytes (Linux /proc), 0 once the process is gone. */
  rss(): number
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>
  /** SIGTERM (the server stops cleanly), SIGKILL after 10 s. */
  stop(): Promise<void>
}

/** Starts `npm run server`'s entry with `env` on a free port; resolves once it listens. */
export function startServerProcess(env: Record<string, string>, opts: { cpuProfDir?: string; preload?: string; log?: (line: string) => void } = {}): Promise<ServerProcess> {
  const prof = opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] : []
  const preload = opts.preload ? ['--import', opts.preload] : []
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', ...preload, 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const proc = (url: string): ServerProcess => ({
    url,
    pid: child.pid!,
    child,
    rss() {
      try {
        const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]
        return Number(kb ?? 0) * 1024
      } catch {
        return 0
      }
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await gone
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.kill('SIGTERM')
      await gone
      clearTimeout(force)
    },
  })
  return new Promise((resolve, reject) => {
    let out = ''
    const onData = (d: Buffer) => {
      out += d
      const lines = out.split('\n')
      out = lines.pop()!
      for (const line of lines) {
        opts.log?.(line)
        const port = /listening on [^:]+:(\d+)/.exec(line)?.[1]
        if (port) resolve(proc(`http://127.0.0.1:${port}`))
      }
    }
    let err = ''
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => {
      err += d
      opts.log?.(String(d).trimEnd())
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening: ${err.slice(-2000)}`)))
  })
}
