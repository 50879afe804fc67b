// A file's watchdog and polled conditions keep their own limits run alone; under the test runner
// the watchdog fires just under the runner's per-file limit and a condition gets several times its
// deadline (test/watchdog.ts): a loaded machine must not fail a slow file early.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { conditionMs, RUNNER_FILE_LIMIT_ENV, watchdogMs } from '../watchdog.ts'

const test = suite('test watchdog')
const saved = process.env[RUNNER_FILE_LIMIT_ENV]
test.after(() => {
  if (saved === undefined) delete process.env[RUNNER_FILE_LIMIT_ENV]
  else process.env[RUNNER_FILE_LIMIT_ENV] = saved
})

test('alone, a file keeps its own limit', () => {
  delete process.env[RUNNER_FILE_LIMIT_ENV]
  assert.is(watchdogMs(60_000), 60_000)
})

test("under the runner, the limit is just under the runner's, never below the file's own", () => {
  process.env[RUNNER_FILE_LIMIT_ENV] = '600000'
  assert.is(watchdogMs(60_000), 595_000)
  process.env[RUNNER_FILE_LIMIT_ENV] = '30000'
  assert.is(watchdogMs(60_000), 60_000)
  process.env[RUNNER_FILE_LIMIT_ENV] = 'nonsense'
  assert.is(watchdogMs(60_000), 60_000)
})

test("a polled condition's deadline: its own alone, several times longer under the runner", () => {
  delete process.env[RUNNER_FILE_LIMIT_ENV]
  assert.is(conditionMs(5000), 5000)
  process.env[RUNNER_FILE_LIMIT_ENV] = '600000'
  assert.is(conditionMs(5000), 30_000)
})

test.run()
