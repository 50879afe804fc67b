// The runner's e2e workers run several files in one process (one shared stack each) and still
// give every file what a process of its own would: its own result and output, its time limit, and
// the leak check. Played on the fixtures in test/fixtures/e2e-workers with one worker.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { alive } from './process-alive.ts'
import { watchdogMs } from '../watchdog.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const test = suite('test runner: e2e workers')

const run = spawnSync(process.execPath, ['test/run.mjs', '--dir', 'test/fixtures/e2e-workers', '--timeout', '10', '--e2e-workers', '1', '--grace', '1'], { cwd: root, encoding: 'utf8', timeout: watchdogMs(180_000) })
const output = `${run.stdout}${run.stderr}`
const worker = (name: string) => Number(new RegExp(`${name} fixture: worker (\\d+)`).exec(output)?.[1])
const child = (name: string) => Number(new RegExp(`${name} fixture: worker \\d+ child (\\d+)`).exec(output)?.[1])

test('the run ends, fails, and its last line counts every file', () => {
  assert.is(run.signal, null, output)
  assert.is(run.status, 1, output)
  // fail: 1 of 2; exit, hang and leak: one each; pass, fresh-ts and leak's test pass.
  assert.is(output.trimEnd().split('\n').at(-1), '4 passed, 4 failed', output)
})

test('files after the first run in the same worker process', () => {
  assert.ok(worker('fail') > 0, output)
  assert.is(worker('hang'), worker('fail'), output)
})

test('a failing file is reported as that file\'s failure, with its own output only', () => {
  const failed = /FAIL test\/fixtures\/e2e-workers\/e2e\/fail\.test\.ts {2}\(1 passed, 1 failed[^\n]*\n((?: {5}\|[^\n]*\n)+)/.exec(output)
  assert.ok(failed, output)
  assert.match(failed![1]!, /fail fixture: one plus one/)
  assert.not.match(failed![1]!, /exit fixture|hang fixture/)
})

test('a file that ends its worker fails, and a new worker runs the next file', () => {
  assert.match(output, /FAIL test\/fixtures\/e2e-workers\/e2e\/exit\.test\.ts/)
  assert.match(output, /the test worker ended \(code 3\) while it ran test\/fixtures\/e2e-workers\/e2e\/exit\.test\.ts/)
  assert.is.not(worker('fail'), worker('exit'), output)
})

test('a file that hangs is killed at its limit with its worker, and the rest go on in a new one', () => {
  assert.match(output, /\| hang fixture: still waiting/)
  assert.match(output, /hang\.test\.ts timed out after 10 s; its process group was killed/)
  assert.ok(child('hang') > 0, output)
  assert.not.ok(alive(child('hang')), 'the hanging file\'s child is still running')
  assert.not.ok(alive(worker('hang')), 'the hanging file\'s worker is still running')
  assert.is.not(worker('leak'), worker('hang'), output)
})

test('a process a file leaves running is killed and fails that file only', () => {
  assert.match(output, new RegExp(`leak\\.test\\.ts left 1 process\\(es\\) running \\(killed now\\):\\n\\s+\\| \\s+${child('leak')} `))
  assert.not.ok(alive(child('leak')), 'the leaked process is still running')
  assert.match(output, /ok {3}test\/fixtures\/e2e-workers\/e2e\/pass\.test\.ts/)
  assert.not.ok(alive(worker('pass')), 'the last worker is still running')
})

test('a file whose TypeScript is new to tsx leaves nothing of esbuild charged to it', () => {
  assert.match(output, /ok {3}test\/fixtures\/e2e-workers\/e2e\/fresh-ts\.test\.ts/)
  assert.not.match(output, /fresh-ts\.test\.ts left/)
})

test.run()
