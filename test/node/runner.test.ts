// `npm test` never hangs and never leaks: the runner, on its own fixtures, kills a file at its
// time limit (and that file's children), kills what a passing file left running, fails both with
// their last output, and goes on to the next file.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { alive } from './process-alive.ts'
import { watchdogMs } from '../watchdog.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const test = suite('test runner')

const started = Date.now()
const run = spawnSync(process.execPath, ['test/run.mjs', '--dir', 'test/fixtures/runner', '--timeout', '15', '--jobs', '1', '--grace', '1'], { cwd: root, encoding: 'utf8', timeout: watchdogMs(120_000) })
const seconds = (Date.now() - started) / 1000
const output = `${run.stdout}${run.stderr}`
const pid = (name: string) => Number(new RegExp(`${name} fixture: child (\\d+)`).exec(output)?.[1])

test('the run ends, fails, and its last line counts every file', () => {
  assert.is(run.signal, null, output)
  assert.is(run.status, 1, output)
  assert.ok(seconds < 60, `took ${seconds} s`)
  assert.is(output.trimEnd().split('\n').at(-1), '2 passed, 2 failed', output)
})

test('a file that hangs is killed at its limit and fails with its last output', () => {
  assert.match(output, /FAIL test\/fixtures\/runner\/hang\.test\.ts/)
  assert.match(output, /\| hang fixture: still waiting/)
  assert.match(output, /hang\.test\.ts timed out after 15 s; its process group was killed/)
  assert.ok(pid('hang') > 0, output)
  assert.not.ok(alive(pid('hang')), 'the hanging file\'s child is still running')
})

test('a process a passing file leaves running is killed and fails the file', () => {
  assert.match(output, /FAIL test\/fixtures\/runner\/leak\.test\.ts/)
  assert.match(output, new RegExp(`leak\\.test\\.ts left 1 process\\(es\\) running \\(killed now\\):\\n\\s+\\| \\s+${pid('leak')} `))
  assert.not.ok(alive(pid('leak')), 'the leaked process is still running')
})

test('the run goes on after them', () => {
  assert.match(output, /FAIL test\/fixtures\/runner\/hang\.test\.ts[\s\S]*ok {3}test\/fixtures\/runner\/pass\.test\.ts/)
  assert.match(output, /Slowest files:/)
})

test.run()
