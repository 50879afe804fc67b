// Service starts (alto, anvil) wait by the process's own progress (dev/lib/start-wait.ts): a
// process that is slow, as on a machine whose cores are all busy, is waited for past what a fixed
// deadline would have allowed; one that burns CPU without answering fails on its CPU budget, and
// one that waits on nothing forever fails at the wall-clock cap.
import { spawn, type ChildProcess } from 'node:child_process'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cpuTimeMs, waitForStart } from '../../dev/lib/start-wait.ts'

const test = suite('dev/lib: waiting for a service to start')
const children: ChildProcess[] = []
const run = (code: string) => {
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' })
  children.push(child)
  return child
}
const failure = (reason: string) => new Error(`did not start ${reason}`)

test.after(() => {
  for (const child of children) child.kill('SIGKILL')
})

test('a process that uses CPU is measured by its own CPU time', async () => {
  // It spins until it has used 400 ms of CPU by its own count (however long a loaded machine makes that), then says so.
  const child = spawn(process.execPath, ['-e', 'const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }; while (used() < 400) {} console.log("spun"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'ignore'] })
  children.push(child)
  await new Promise((resolve) => child.stdout!.once('data', resolve))
  const cpu = cpuTimeMs(child.pid!)
  assert.ok(cpu !== undefined && cpu >= 350, `cpu time ${cpu} ms`)
  assert.is(cpuTimeMs(2 ** 22 + 7), undefined) // no such process
})

test('a start that is slow but idle-waiting is waited for beyond its CPU budget in wall time', async () => {
  const child = run('setInterval(() => {}, 1000)')
  const ready = Date.now() + 800
  const value = await waitForStart(child.pid, () => (Date.now() >= ready ? 'up' : undefined), { cpuMs: 200, wallMs: 5000 }, failure, 20)
  assert.is(value, 'up')
})

test('a process that burns its CPU budget without answering fails, long before the wall-clock cap', async () => {
  const child = run('for (;;) {}')
  const started = Date.now()
  const error = await waitForStart(child.pid, () => undefined, { cpuMs: 500, wallMs: 60_000 }, failure, 20).catch((e: Error) => e)
  assert.instance(error, Error)
  assert.match((error as Error).message, /did not start after \d+ s of its own CPU time/)
  assert.ok(Date.now() - started < 30_000)
})

test('a process that waits on nothing forever fails at the wall-clock cap', async () => {
  const child = run('setInterval(() => {}, 1000)')
  const error = await waitForStart(child.pid, () => undefined, { cpuMs: 10_000, wallMs: 500 }, failure, 20).catch((e: Error) => e)
  assert.match((error as Error).message, /did not start within \d+ s/)
})

test('a check that throws (the process exited) fails the wait at once', async () => {
  const error = await waitForStart(undefined, () => { throw new Error('exited with code 1') }, { cpuMs: 1000, wallMs: 60_000 }, failure).catch((e: Error) => e)
  assert.match((error as Error).message, /exited with code 1/)
})

test.run()
