// The test runner's hold on what a test file starts. Each file runs as the leader of a process
// group of its own, with a mark in its environment that every child inherits (Chromium, which
// Playwright starts in a group of its own, keeps it too), so the runner can end all of it: at the
// file's time limit, and whatever is still running after the file exits.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { MARK } from './protocol.mjs'

export { MARK }
const hasProc = (() => {
  try {
    readdirSync('/proc/self')
    return true
  } catch {
    return false
  }
})()

/** A process's group and state from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
function statOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0], pgid: Number(fields[2]) }
}

function hasMark(pid, mark, prefix) {
  try {
    const wanted = `${MARK}=${mark}`
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').some((entry) => (prefix ? entry.startsWith(wanted) : entry === wanted))
  } catch {
    return false // another user's process we may not read, or gone
  }
}

function commandOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
    return line.length > 160 ? `${line.slice(0, 157)}...` : line
  } catch {
    return '?'
  }
}

/**
 * Live processes in group `pgid` or marked `mark` (exactly, or as a prefix with `prefix`),
 * other than this one. Zombies are skipped: they have ended and only wait for their parent.
 */
export function findProcesses({ pgid, mark, prefix = false }) {
  if (!hasProc) return []
  const found = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const pid = Number(name)
    if (pid === process.pid) continue
    try {
      const stat = statOf(pid)
      if (stat.state === 'Z' || stat.state === 'X') continue
      if ((pgid !== undefined && stat.pgid === pgid) || (mark && hasMark(pid, mark, prefix))) found.push({ pid, command: commandOf(pid) })
    } catch {
      // ended while we looked
    }
  }
  return found
}

export function killGroup(pgid) {
  try {
    process.kill(-pgid, 'SIGKILL')
  } catch {
    // the group has no process left
  }
}

export function killAll(processes) {
  for (const { pid } of processes) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * What a file left running once it exited: given `graceMs` to end on their own (a browser or a
 * database shutting down as the file exits), the rest are killed and returned.
 */
export async function reapLeftovers({ pgid, mark, prefix = false, graceMs = 10_000 }) {
  const deadline = Date.now() + graceMs
  let left = findProcesses({ pgid, mark, prefix })
  while (left.length && Date.now() < deadline) {
    await sleep(100)
    left = findProcesses({ pgid, mark, prefix })
  }
  if (pgid !== undefined) killGroup(pgid)
  killAll(left)
  return left
}

/**
 * Runs one command as the leader of its own process group, marked `mark`. On `timeoutMs` the
 * whole group and every marked process is killed; what is left after it exits gets `graceMs` (10 s
 * unless given) to end. Resolves once it has exited and its leftovers
 * are reaped: `{ code, output, seconds, timedOut, leftovers }`.
 */
export function runIsolated(command, args, { cwd, env, mark, timeoutMs, graceMs, onStart }) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(command, args, { cwd, env: { ...env, [MARK]: mark }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    onStart?.(child.pid)
    const closed = new Promise((r) => child.once('close', r))
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child.pid)
      killAll(findProcesses({ mark }))
    }, timeoutMs)
    child.on('error', (error) => (output += `\n${error.message}`))
    child.on('exit', async (code, signal) => {
      clearTimeout(timer)
      const leftovers = await reapLeftovers({ pgid: child.pid, mark, graceMs })
      // A leftover that held the pipes is dead now; give the last output a moment to arrive.
      await Promise.race([closed, sleep(1_000)])
      child.stdout.destroy()
      child.stderr.destroy()
      resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000, timedOut, leftovers })
    })
  })
}
