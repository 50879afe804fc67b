// A test worker: runs the test files the runner sends it one after another in this one process
// (no start-up per file). The runner writes a line `{"file": ..., "mark": ...}` per file on stdin;
// the worker runs the file's uvu suites and ends its output with a DONE line. Whatever the file
// starts carries the file's mark (the runner kills and reports what is left of it). End of stdin
// ends the worker.
//
// With --share-e2e the e2e files it runs share one local stack and one browser (test/e2e/harness.ts),
// started by the first file that asks, marked as the worker's own, and stopped at the end.
import { createInterface } from 'node:readline'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DONE, MARK, READY } from './protocol.mjs'

// One stream, so a file's errors come before the line that ends its output.
process.stderr.write = process.stdout.write.bind(process.stdout) as typeof process.stderr.write

// uvu queues suites instead of running them when UVU_DEFER is set before its first import.
const uvuGlobals = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: unknown[][] }
uvuGlobals.UVU_DEFER = 1
const { exec } = await import('uvu')

const workerMark = process.env[MARK]
const harness = process.argv.includes('--share-e2e') ? await import('../e2e/harness.ts') : undefined
harness?.shareAcrossFiles({
  async whileStarting(start) {
    const fileMark = process.env[MARK]
    process.env[MARK] = workerMark
    try {
      return await start()
    } finally {
      process.env[MARK] = fileMark
    }
  },
})

// esbuild's services live as long as the worker: the async one (the site bundles several e2e files
// make) and the one behind its sync API, in a thread of its own (tsx's transform of a TypeScript
// file not in its cache yet, as in a fresh clone). A thread copies the environment when it is
// created, so either one started during a file would carry that file's mark and be reaped as its
// leftover; started here, both carry the worker's.
if (harness) {
  const esbuild = await import('esbuild')
  await esbuild.transform('')
  esbuild.transformSync('')
}

// A file's error that escapes its tests fails that file, as it would crash a process of its own.
let escaped = false
const report = (label: string) => (error: unknown) => {
  escaped = true
  console.error(`[test worker] ${label}:`, error instanceof Error ? error.stack : error)
}
process.on('uncaughtException', report('uncaught exception'))
process.on('unhandledRejection', report('unhandled rejection'))

async function runFile(file: string): Promise<number> {
  escaped = false
  process.exitCode = 0
  uvuGlobals.UVU_INDEX = 0
  uvuGlobals.UVU_QUEUE = [[null]]
  let failed = false
  try {
    await import(pathToFileURL(resolve(file)).href)
    await exec()
  } catch (error) {
    failed = true
    console.error(error instanceof Error ? error.stack : error)
  }
  try {
    await harness?.endSharedFile()
  } catch (error) {
    failed = true
    console.error('[test worker] the shared stack could not be reset after this file:', error instanceof Error ? error.stack : error)
  }
  const code = failed || escaped || process.exitCode ? 1 : 0
  process.exitCode = 0
  return code
}

// The runner starts a file's time limit from here: a worker's start on a loaded machine is not the file's time.
process.stdout.write(`${READY}\n`)
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue
  const { file, mark } = JSON.parse(line) as { file: string; mark: string }
  process.env[MARK] = mark
  const code = await runFile(file)
  process.env[MARK] = workerMark
  process.stdout.write(`\n${DONE}${JSON.stringify({ file, code })}\n`)
}
await harness?.stopShared()
process.exit(0)
