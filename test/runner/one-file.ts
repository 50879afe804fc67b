// Runs one test file's uvu suites in this process and exits as soon as they have ended, with
// uvu's exit code. Run on its own, a file's process lives on until every timer it left ends: a
// page's embedded-frame load timeout or a reconnect back-off kept unit files open for up to 20 s
// after their last test, for nothing.
//
//   node [--import ./test/setup.mjs] --import tsx test/runner/one-file.ts <file>
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const file = process.argv[2]
if (!file) throw new Error('usage: one-file.ts <test file>')

// uvu queues suites instead of running them when UVU_DEFER is set before its first import.
const uvuGlobals = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: unknown[][] }
uvuGlobals.UVU_DEFER = 1
const { exec } = await import('uvu')
uvuGlobals.UVU_INDEX = 0
uvuGlobals.UVU_QUEUE = [[null]]

await import(pathToFileURL(resolve(file)).href)
await exec()
process.exit(process.exitCode ?? 0)
