// `npm test`: type check and build, unit files beside them (each in its own Node process with
// happy-dom preloaded), then the dev-stack files (own processes) beside the end-to-end files, which
// run in e2e workers that share one local stack per worker (test/runner/workers.mjs). The last
// line counts all tests.
//
//   node test/run.mjs [substring-of-path ...] [--timeout <seconds per file>] [--dir <folder to walk>]
//                     [--jobs <unit and stack files at once>] [--e2e-workers <e2e files at once>]
//                     [--grace <seconds a file's leftovers get to end on their own>]
//
// Each file runs under a time limit, in a process group of its own (an e2e file: in its worker's):
// at the limit the group is killed, the file fails with its last output, and the run goes on.
// Whatever a file leaves running (a chain, Postgres, a bundler, a browser) is killed and fails the file.
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { runInWorkers } from './runner/workers.mjs'
import { findProcesses, killAll, killGroup, reapLeftovers, runIsolated } from './runner/processes.mjs'
import { builtFromCurrentInputs } from '../build/inputs-key.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    timeout: { type: 'string', default: process.env.TEST_TIMEOUT_S ?? '600' },
    dir: { type: 'string', default: 'test' },
    jobs: { type: 'string', default: '2' },
    'e2e-workers': { type: 'string', default: process.env.E2E_WORKERS ?? '2' },
    grace: { type: 'string', default: '10' },
  },
})
/** A file runs when its path holds one of the filters (or there is none). */
const filters = positionals
const timeoutMs = Number(options.timeout) * 1000
const jobs = Math.max(1, Number(options.jobs) || 2)
const e2eWorkers = Math.max(1, Number(options['e2e-workers']) || 2)
const graceMs = Math.max(0, Number(options.grace) * 1000 || 0)
/** Marks every process of this run (see runner/processes.mjs); one mark per file below it. */
const runId = randomUUID()
const totals = { passed: 0, failed: 0, skipped: 0 }
const failedFiles = []
const timings = []
const running = new Set()
const LAST_LINES = 60

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    // The runner's own fixtures (a file that hangs, one that leaks) run only when asked for by --dir.
    if (entry.isDirectory() && !(dir === join(root, 'test') && entry.name === 'fixtures')) yield* walk(path)
    else if (entry.name.endsWith('.test.ts')) yield path
  }
}

let marks = 0
const nextMark = () => `${runId}/${++marks}`
// A file's own watchdog fires just under the runner's limit (test/watchdog.ts), not early on a loaded machine.
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', POSTERN_TEST_FILE_LIMIT_MS: String(timeoutMs) }

/** The runner's notes on a file that timed out or left processes running. */
function annotate(label, result) {
  if (result.timedOut) result.output += `\n[test runner] ${label} timed out after ${timeoutMs / 1000} s; its process group was killed`
  if (result.leftovers.length) {
    result.output += `\n[test runner] ${label} left ${result.leftovers.length} process(es) running (killed now):\n${result.leftovers.map((p) => `  ${p.pid} ${p.command}`).join('\n')}`
  }
  return result
}

async function run(command, args, { label }) {
  const mark = nextMark()
  let pgid
  const result = await runIsolated(command, args, {
    cwd: root,
    env,
    mark,
    timeoutMs,
    graceMs,
    onStart: (pid) => running.add((pgid = pid)),
  })
  running.delete(pgid)
  return annotate(label, result)
}

/** uvu prints Total/Passed/Skipped; a file that crashed, timed out or leaked counts as (at least) one failure. */
function count(label, { code, output, seconds, timedOut, leftovers }) {
  const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? NaN)
  const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? NaN)
  const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0)
  let failed = Number.isNaN(total) ? 1 : total - passed - skipped
  if ((code !== 0 || timedOut || leftovers.length) && failed === 0) failed = 1
  totals.passed += Number.isNaN(passed) ? 0 : passed
  totals.failed += failed
  totals.skipped += skipped
  timings.push({ label, seconds })
  const status = failed ? 'FAIL' : 'ok  '
  console.log(`${status} ${label}  (${Number.isNaN(passed) ? 0 : passed} passed, ${failed} failed, ${seconds.toFixed(1)} s)`)
  if (failed) {
    failedFiles.push(label)
    const lines = output.trimEnd().split('\n')
    const shown = lines.length > LAST_LINES ? [`... (${lines.length - LAST_LINES} earlier lines)`, ...lines.slice(-LAST_LINES)] : lines
    console.log(shown.map((l) => `     | ${l}`).join('\n'))
  }
}

/**
 * Runs `first` then, once `ready` resolves, `later` too, `size` at a time, each queue slowest first:
 * a slot takes the slowest file it may run, so the long files of `later` do not wait behind all of `first`.
 */
async function pool({ first, later = [], ready = Promise.resolve(), more }, size, work) {
  const queue = slowestFirst(first)
  let open = false
  const opened = ready.then(() => {
    open = true
    queue.splice(0, queue.length, ...slowestFirst([...queue, ...later]))
  })
  const runner = async () => {
    for (;;) {
      if (queue.length) await work(queue.shift())
      else if (!open) await opened
      else return
    }
  }
  // `more`: slots that join once `when` resolves (the e2e workers' when they are done).
  const extra = more?.when.then(() => Promise.all(Array.from({ length: more.size }, runner)))
  await Promise.all([...Array.from({ length: size }, runner), extra])
}

/** On Ctrl-C or SIGTERM, nothing a test started outlives the runner. */
function stopEverything() {
  for (const pgid of running) killGroup(pgid)
  killAll(findProcesses({ mark: `${runId}/`, prefix: true }))
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopEverything()
    process.exit(130)
  })
}

/** Each file's time in the last run that ran it, to start the slowest first (the pool then ends together). */
const timingsFile = join(root, 'node_modules/.cache/postern/test-times.json')
// A fresh clone (CI) has none yet: the times of a reference run, kept in the repository, stand in
// (a file missing from them starts first; refresh them from a whole run's times when files are added).
const reference = join(root, 'test/runner/test-times.json')
const previous = await readFile(timingsFile, 'utf8').catch(() => readFile(reference, 'utf8')).then(JSON.parse, () => ({}))
const slowestFirst = (files) => [...files].sort((a, b) => (previous[b] ?? Infinity) - (previous[a] ?? Infinity) || a.localeCompare(b))
async function saveTimings() {
  if (options.dir !== 'test') return // the runner's own fixtures
  const merged = { ...previous, ...Object.fromEntries(timings.map((t) => [t.label, Math.round(t.seconds * 10) / 10])) }
  await mkdir(dirname(timingsFile), { recursive: true }).then(() => writeFile(timingsFile, `${JSON.stringify(merged, null, 1)}\n`)).catch(() => undefined)
}

function printSlowest() {
  const slowest = [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, 10)
  if (timings.length < 2) return
  console.log(`\nSlowest files:\n${slowest.map((t) => `  ${t.seconds.toFixed(1).padStart(6)} s  ${t.label}`).join('\n')}`)
}

async function main() {
  const started = Date.now()
  const all = []
  for await (const file of walk(join(root, options.dir))) all.push(relative(root, file))
  all.sort()
  const selected = all.filter((f) => !filters.length || filters.some((part) => f.includes(part)))
  // e2e: test/e2e/, and the runner's fixtures for its e2e workers (an e2e/ folder under fixtures/).
  const e2e = selected.filter((f) => /^test\/(fixtures\/.+\/)?e2e\//.test(f))
  const unit = selected.filter((f) => !/^test\/(e2e|dev|node|server|fixtures)\//.test(f))
  const stack = selected.filter((f) => /^test\/(dev|node|server|fixtures)\//.test(f) && !e2e.includes(f))
  const whole = !filters.length && options.dir === 'test'

  // The type check and the build run side by side: tsc only reads the sources. Nothing waits for
  // the type check (the stack and e2e files need only the build), so it runs beside them.
  const checks = []
  const builds = []
  if (whole) {
    checks.push(run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { label: 'tsc' }).then((tsc) => {
      const ok = tsc.code === 0 && !tsc.timedOut
      totals[ok ? 'passed' : 'failed']++
      console.log(`${ok ? 'ok  ' : 'FAIL'} type check (tsc --noEmit)  (${tsc.seconds.toFixed(1)} s)`)
      if (!ok) failedFiles.push('tsc'), console.log(tsc.output)
    }))
  }
  // dist/ built from the sources as they are (CI's size check builds just before) is not built again.
  const needsBuild = e2e.some((f) => f.startsWith('test/e2e/')) || whole
  if (needsBuild && builtFromCurrentInputs(root)) console.log('ok   build (dist/ is built from the sources as they are)')
  else if (needsBuild) {
    builds.push(run(process.execPath, ['build.mjs', '--no-types', '--quiet'], { label: 'build' }).then((build) => {
      if (build.code === 0 && !build.timedOut) return
      console.log(build.output)
      totals.failed++
      failedFiles.push('build')
    }))
  }
  const built = Promise.all(builds)
  const checked = Promise.all([...checks, built])

  const inWorkers = async (files, { size, args }) => {
    const left = await runInWorkers(files, {
      size, args, cwd: root, env, timeoutMs, graceMs, nextMark,
      onResult: (file, result) => count(file, annotate(file, result)),
      onWorker: (pgid, alive) => (alive ? running.add(pgid) : running.delete(pgid)),
    })
    if (!left.length) return
    totals.failed++
    failedFiles.push('processes left by the test workers')
    console.log(`FAIL the test workers left ${left.length} process(es) running (killed now):\n${left.map((p) => `  ${p.pid} ${p.command}`).join('\n')}`)
  }
  // Unit files keep a process each: they rely on fresh module state (run together, a third fail).
  // The process ends with the file's last suite (runner/one-file.ts), not with the last timer it left.
  // happy-dom loads before tsx (test/setup.mjs). WebAssembly is compiled by the baseline compiler
  // only: PGlite's Postgres took about 1.6 s of CPU more per process in the optimizing compiler,
  // which short-lived files never won back.
  const node = (preload) => (file) => run(process.execPath, ['--liftoff-only', ...preload, '--import', 'tsx', 'test/runner/one-file.ts', file], { label: file })
  const isUnit = new Set(unit)
  // The phases overlap where they can, since most of a stack or e2e file's time is spent waiting on
  // its chains, servers and browser: unit files need no build, so they start beside the type check
  // and the build; once the build is done the stack files (some read dist/) join the unit files'
  // queue, and the e2e workers run beside them and the type check. When the e2e workers are done,
  // their slots take files from that queue.
  const e2eDone = built.then(() => inWorkers(slowestFirst(e2e), { size: e2eWorkers, args: ['--share-e2e'] }))
  const files = pool({ first: unit, later: stack, ready: built, more: { when: e2eDone, size: Math.min(e2eWorkers, e2e.length) } }, jobs, async (file) => {
    count(file, await node(isUnit.has(file) ? ['--import', './test/setup.mjs'] : [])(file))
  })
  await Promise.all([files, checked, e2eDone])
  await saveTimings()

  // Anything of this run's still alive (a process that escaped its file's group and mark check).
  const left = await reapLeftovers({ mark: `${runId}/`, prefix: true, graceMs: 0 })
  if (left.length) {
    totals.failed++
    failedFiles.push('processes left after the run')
    console.log(`FAIL ${left.length} process(es) left running after the run (killed now):\n${left.map((p) => `  ${p.pid} ${p.command}`).join('\n')}`)
  }

  printSlowest()
  if (failedFiles.length) console.log(`\nFailed: ${failedFiles.join(', ')}`)
  console.log(`\nTook ${((Date.now() - started) / 1000).toFixed(0)} s`)
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
  process.exit(totals.failed ? 1 : 0)
}

main()
