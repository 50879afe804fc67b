// The runner's side of its test workers (test/runner/worker.ts): a few long-lived processes, each
// running test files one at a time (e2e files on one shared stack). Every file keeps what a
// process of its own would give it: its output and result, its time limit (at the limit the worker's whole group
// is killed, the file fails with its last output, and a new worker takes the rest), and the check
// that it left nothing running (by the file's own mark, which the worker sets while it runs).
import { spawn } from 'node:child_process'
import { findProcesses, killAll, killGroup, reapLeftovers } from './processes.mjs'
import { DONE, MARK, READY } from './protocol.mjs'

function startWorker({ cwd, env, mark, args }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/runner/worker.ts', ...args], {
    cwd,
    env: { ...env, [MARK]: mark },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  })
  const worker = { child, mark, output: '', exited: false, ready: false, onReady: undefined, onDone: undefined, onExit: undefined }
  const received = (data) => {
    worker.output += data
    const ready = worker.ready ? -1 : worker.output.indexOf(READY)
    if (ready >= 0) {
      const end = worker.output.indexOf('\n', ready)
      worker.output = worker.output.slice(0, ready) + worker.output.slice(end + 1)
      worker.ready = true
      worker.onReady?.()
    }
    const at = worker.output.indexOf(DONE)
    const end = at < 0 ? -1 : worker.output.indexOf('\n', at)
    if (end < 0) return
    const { code } = JSON.parse(worker.output.slice(at + DONE.length, end))
    const output = worker.output.slice(0, at)
    worker.output = worker.output.slice(end + 1)
    worker.onDone?.({ code, output })
  }
  child.stdout.on('data', received)
  child.stderr.on('data', (data) => (worker.output += data))
  child.stdin.on('error', () => undefined) // a worker that died; its exit reports it
  child.on('error', (error) => (worker.output += `\n${error.message}`))
  worker.exit = new Promise((resolve) => child.once('exit', (code, signal) => {
    worker.exited = true
    resolve(code ?? (signal ? 1 : 0))
    worker.onExit?.(code, signal)
  }))
  return worker
}

/** Kills a worker's group and everything marked as its own, and waits for it to exit. */
async function killWorker(worker) {
  killGroup(worker.child.pid)
  killAll(findProcesses({ mark: worker.mark }))
  await worker.exit
  await reapLeftovers({ pgid: worker.child.pid, mark: worker.mark, graceMs: 0 })
}

/** How long a worker may take to start: its imports and warm-up took 15 s on a loaded 2-core machine. */
const START_LIMIT_MS = 90_000

/**
 * Resolves once `worker` has started (its start is not any file's time), to false if it exited or
 * did not start within `timeoutMs`.
 */
function started(worker, timeoutMs) {
  if (worker.ready) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    worker.onReady = () => (clearTimeout(timer), resolve(true))
    worker.exit.then(() => (clearTimeout(timer), resolve(false)))
  }).finally(() => (worker.onReady = undefined))
}

/** Runs one file in `worker`; resolves like runIsolated: `{ code, output, seconds, timedOut, leftovers }`. */
async function runFile(worker, file, mark, timeoutMs, graceMs) {
  worker.output = ''
  let timedOut = false
  const startLimitMs = Math.max(timeoutMs, START_LIMIT_MS)
  if (!(await started(worker, startLimitMs))) {
    const output = `${worker.output}\n[test runner] the test worker ${worker.exited ? 'ended' : `did not start within ${startLimitMs / 1000} s`} before it ran ${file}`
    await killWorker(worker)
    return { code: 1, output, seconds: 0, timedOut: !worker.exited, leftovers: await reapLeftovers({ mark }) }
  }
  const startedAt = Date.now()
  const outcome = await new Promise((resolve) => {
    const timer = setTimeout(() => {
      timedOut = true
      resolve({ code: 1, output: worker.output })
    }, timeoutMs)
    worker.onDone = (done) => (clearTimeout(timer), resolve(done))
    worker.onExit = (code, signal) => {
      clearTimeout(timer)
      resolve({ code: 1, output: `${worker.output}\n[test runner] the test worker ended (${signal ?? `code ${code}`}) while it ran ${file}` })
    }
    if (worker.exited) return worker.onExit(worker.child.exitCode, worker.child.signalCode)
    worker.child.stdin.write(`${JSON.stringify({ file, mark })}\n`)
  })
  worker.onDone = worker.onExit = undefined
  if (timedOut || worker.exited) await killWorker(worker)
  const leftovers = await reapLeftovers({ mark, graceMs })
  return { ...outcome, seconds: (Date.now() - startedAt) / 1000, timedOut, leftovers }
}

/**
 * Runs `files` on `size` workers (`args`: the worker's, e.g. --share-e2e; `graceMs`: what a file left
 * running gets to end on its own); `onResult(file, result)` as each ends. `nextMark()` gives each worker and
 * file its mark; `onWorker(pid, running)` tracks the workers' groups for Ctrl-C. Resolves to what
 * the workers left running after they ended (killed).
 */
export async function runInWorkers(files, { size, cwd, env, args = [], timeoutMs, graceMs, nextMark, onResult, onWorker }) {
  const queue = [...files]
  const leftovers = []
  await Promise.all(Array.from({ length: Math.min(size, queue.length) }, async () => {
    let worker
    while (queue.length) {
      if (!worker || worker.exited) {
        worker = startWorker({ cwd, env, mark: nextMark(), args })
        onWorker?.(worker.child.pid, true)
      }
      const file = queue.shift()
      const result = await runFile(worker, file, nextMark(), timeoutMs, graceMs)
      if (worker.exited) onWorker?.(worker.child.pid, false)
      await onResult(file, result)
    }
    if (!worker || worker.exited) return
    // End of input: the worker stops the shared stack and exits; a minute at most.
    worker.child.stdin.end()
    const timer = setTimeout(() => killWorker(worker), 60_000)
    await worker.exit
    clearTimeout(timer)
    onWorker?.(worker.child.pid, false)
    leftovers.push(...await reapLeftovers({ pgid: worker.child.pid, mark: worker.mark }))
  }))
  return leftovers
}
