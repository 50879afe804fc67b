// bench/examples: an app's work folder is emptied after its run but for its logs and results
// (the apps' sources and node_modules of a whole run filled the disk).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error: a plain .mjs module of the bench, without declarations
import { clearWorkFolder, KEPT_FILES } from '../../bench/examples/cleanup.mjs'

const test = suite<{ dir: string }>('bench/examples work folder cleanup', { dir: '' })
test.before.each((ctx) => void (ctx.dir = mkdtempSync(join(tmpdir(), 'postern-examples-cleanup-'))))
test.after.each((ctx) => rmSync(ctx.dir, { recursive: true, force: true }))

test('protection: the app, its node_modules and its build are removed; the logs and results stay', ({ dir }) => {
  const app = join(dir, 'react-wagmi')
  for (const folder of ['node_modules/viem/_esm', 'src/config', 'dist/assets', 'server/node_modules/pg']) mkdirSync(join(app, folder), { recursive: true })
  for (const file of ['package.json', 'node_modules/viem/_esm/index.js', 'src/config/index.ts', 'dist/index.html', '.env', 'server/node_modules/pg/index.js']) writeFileSync(join(app, file), 'x')
  for (const kept of ['examples-build.log', 'examples-bundler.log', 'examples-build.json', 'examples-result.json', 'examples-failure.png']) writeFileSync(join(app, kept), 'kept')
  clearWorkFolder(app)
  assert.equal(readdirSync(app).sort(), ['examples-build.json', 'examples-build.log', 'examples-bundler.log', 'examples-failure.png', 'examples-result.json'])
  assert.not.ok(existsSync(join(app, 'node_modules')), 'node_modules left behind')
  assert.equal([...KEPT_FILES].sort(), readdirSync(app).sort())
})

test('behavior: an app that failed before writing anything, or a folder that is not there, is left as it is', ({ dir }) => {
  const app = join(dir, 'next-siwe-next-auth')
  mkdirSync(join(app, 'node_modules'), { recursive: true })
  clearWorkFolder(app)
  assert.equal(readdirSync(app), [])
  clearWorkFolder(join(dir, 'never-made'))
  assert.not.ok(existsSync(join(dir, 'never-made')))
})

test.run()
