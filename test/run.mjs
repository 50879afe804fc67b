// `npm test`: type check, build, then every test file in its own Node process (unit tests with
// happy-dom preloaded, dev-stack and end-to-end tests without). The last line counts all tests.
import { spawn } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const filter = process.argv[2]
const totals = { passed: 0, failed: 0, skipped: 0 }
const failedFiles = []

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.name.endsWith('.test.ts')) yield path
  }
}

function run(command, args, { label, timeoutMs = 600_000 } = {}) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => {
      output += `\n[test runner] ${label} timed out after ${timeoutMs / 1000} s`
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output, seconds: ((Date.now() - started) / 1000).toFixed(1) })
    })
  })
}

/** uvu prints Total/Passed/Skipped; a file that crashed before its summary counts as one failure. */
function count(label, { code, output, seconds }) {
  const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? NaN)
  const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? NaN)
  const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0)
  let failed = Number.isNaN(total) ? 1 : total - passed - skipped
  if (code !== 0 && failed === 0) failed = 1
  totals.passed += Number.isNaN(passed) ? 0 : passed
  totals.failed += failed
  totals.skipped += skipped
  const status = failed ? 'FAIL' : 'ok  '
  console.log(`${status} ${label}  (${Number.isNaN(passed) ? 0 : passed} passed, ${failed} failed, ${seconds} s)`)
  if (failed) {
    failedFiles.push(label)
    console.log(output.split('\n').map((l) => `     | ${l}`).join('\n'))
  }
}

async function pool(items, size, work) {
  const queue = [...items]
  await Promise.all(Array.from({ length: size }, async () => {
    while (queue.length) await work(queue.shift())
  }))
}

async function main() {
  const files = []
  for await (const file of walk(join(root, 'test'))) files.push(relative(root, file))
  files.sort()
  const selected = files.filter((f) => !filter || f.includes(filter))
  const unit = selected.filter((f) => !/^test\/(e2e|dev|node|server)\//.test(f))
  const stack = selected.filter((f) => /^test\/(dev|node|server)\//.test(f))
  const e2e = selected.filter((f) => f.startsWith('test/e2e/'))

  if (!filter) {
    const tsc = await run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { label: 'tsc' })
    const ok = tsc.code === 0
    totals[ok ? 'passed' : 'failed']++
    console.log(`${ok ? 'ok  ' : 'FAIL'} type check (tsc --noEmit)  (${tsc.seconds} s)`)
    if (!ok) failedFiles.push('tsc'), console.log(tsc.output)
  }
  if (e2e.length || !filter) {
    const build = await run(process.execPath, ['build.mjs', '--no-types', '--quiet'], { label: 'build' })
    if (build.code !== 0) {
      console.log(build.output)
      totals.failed++
      failedFiles.push('build')
    }
  }

  await pool(unit, 2, async (file) => count(file, await run(process.execPath, ['--import', 'tsx', '--import', './test/setup.ts', file], { label: file })))
  await pool(stack, 2, async (file) => count(file, await run(process.execPath, ['--import', 'tsx', file], { label: file })))
  for (const file of e2e) count(file, await run(process.execPath, ['--import', 'tsx', file], { label: file }))

  if (failedFiles.length) console.log(`\nFailed: ${failedFiles.join(', ')}`)
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
  process.exit(totals.failed ? 1 : 0)
}

main()
