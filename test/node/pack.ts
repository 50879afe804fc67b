// What the package tests share: `npm pack` of the root or of a workspace package into a
// throw-away project, its install there (from the npm cache, the registry only for what it
// lacks), and a packed command started as a site owner starts it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitForStart } from '../../dev/lib/start-wait.ts'

export const root = fileURLToPath(new URL('../..', import.meta.url))
// The throw-away project goes in memory (/dev/shm) where there is one: writing and then deleting its
// node_modules (about 200 MB in thousands of files) on disk cost the kernel some 20 s of CPU each time.
const scratch = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK)
    return statSync('/dev/shm').isDirectory() ? '/dev/shm' : tmpdir()
  } catch {
    return tmpdir()
  }
})()
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

export interface Packed {
  /** The throw-away project the tarball is installed in. */
  project: string
  /** The paths inside the tarball. */
  files: string[]
  remove(): void
}

/** Packs the root package (no workspace) or `packages/<workspace>`, and installs it with `extra` packages into a new project. */
export function packAndInstall(opts: { workspace?: string; extra?: string[] } = {}): Packed {
  const project = mkdtempSync(join(scratch, `postern-${opts.workspace ?? 'site'}-`))
  const remove = () => rmSync(project, { recursive: true, force: true })
  try {
    const args = ['pack', '--json', '--pack-destination', project, ...(opts.workspace ? ['--workspace', `packages/${opts.workspace}`] : [])]
    const [packed] = JSON.parse(execFileSync(npm, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { filename: string; files: { path: string }[] }[]
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-site', private: true, type: 'module' }))
    execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(project, packed!.filename), ...(opts.extra ?? [])], { cwd: project, stdio: 'pipe' })
    return { project, files: packed!.files.map((f) => f.path), remove }
  } catch (error) {
    remove()
    throw error
  }
}

export interface Command {
  child: ChildProcess
  /** What it printed so far, both streams. */
  output(): string
  /** Its exit code, once it exits. */
  exited: Promise<number | null>
  /** Its exit code, or 'still running' when it has not exited after `cpuMs` of its own CPU time (a refusal that did not happen). */
  exitCode(cpuMs?: number): Promise<number | null | 'still running'>
  stop(): Promise<number | null>
}

/** Starts an installed package's command (node_modules/.bin/<bin>) in the project with this environment. */
export function startCommand(project: string, bin: string, env: Record<string, string>): Command {
  const { PATH, HOME, TMPDIR } = process.env
  const child = spawn(join(project, 'node_modules/.bin', bin), [], { cwd: project, env: { PATH, HOME, TMPDIR, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    output: () => text,
    exited,
    exitCode: (cpuMs = 20_000) => waitForStart(child.pid, () => (child.exitCode !== null || child.signalCode !== null ? exited : undefined), { cpuMs, wallMs: COMMAND_WALL_MS }, () => new Error('still running'))
      .catch((error: Error) => (error.message === 'still running' ? ('still running' as const) : Promise.reject(error))),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

/**
 * A packed command's start and refusal are waited for by its own CPU time (dev/lib/start-wait.ts),
 * not the wall clock, which a machine with every core busy stretches several times over; the
 * wall-clock cap is for a command that waits on something that never comes.
 */
const COMMAND_WALL_MS = 240_000

/** The port a command says it listens on ("listening on host:port"), once it has (up to `cpuMs` of its own CPU time). */
export async function listeningPort(command: Command, cpuMs = 30_000): Promise<number> {
  return waitForStart(command.child.pid, () => {
    const match = /listening on [^\s:]+:(\d+)/.exec(command.output())
    if (match) return Number(match[1])
    if (command.child.exitCode !== null) throw new Error(`exited ${command.child.exitCode} before listening:\n${command.output()}`)
    return undefined
  }, { cpuMs, wallMs: COMMAND_WALL_MS }, (reason) => new Error(`not listening ${reason}:\n${command.output()}`))
}
