// The build names its chunks alike in any checkout folder: esbuild's chunk hashes take in every
// input's path (relative to its working folder in the file namespace, verbatim in a plugin's), so
// an absolute path among them gave the same commit other chunk names, and other sizes (random
// letters compress differently), in another folder. The metafiles the build writes name exactly
// those paths; the outputs must not carry the folder either.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = realpathSync(fileURLToPath(new URL('../..', import.meta.url)))
const test = suite('build: the same bytes in any folder')
const meta = join(root, 'dist/meta')

test.before(() => {
  if (!existsSync(join(meta, 'esm.json'))) execFileSync(process.execPath, ['build.mjs', '--no-types', '--quiet'], { cwd: root, stdio: 'pipe' })
})

const metafiles = () => readdirSync(meta).filter((f) => f.endsWith('.json') && f !== 'chunks.json')
  .map((name) => ({ name, inputs: Object.keys((JSON.parse(readFileSync(join(meta, name), 'utf8')) as { inputs: Record<string, unknown> }).inputs) }))

test('every input esbuild hashes is named relative to the root, in a plugin namespace too', () => {
  const all = metafiles()
  assert.ok(all.length >= 5, `only ${all.length} metafiles`)
  let plugin = 0
  for (const { name, inputs } of all) {
    const absolute = inputs.filter((input) => input.startsWith('/') || input.startsWith('..') || /:[\\/]|:[A-Za-z]:/.test(input) || input.includes(root))
    assert.equal(absolute, [], `${name} hashes absolute paths`)
    plugin += inputs.filter((input) => /^[a-z-]+:/.test(input)).length
  }
  // The loader-sharing plugins' views are there to be checked (a layout change would make this pass for nothing).
  assert.ok(plugin > 100, `only ${plugin} plugin-namespace inputs`)
})

test('no output carries the folder it was built in', () => {
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
  const outputs = ['esm', 'cdn', 'secure'].flatMap((folder) => walk(join(root, 'dist', folder))).filter((f) => /\.(m?js|css|html)$/.test(f))
  assert.ok(outputs.length > 50, `only ${outputs.length} outputs`)
  assert.equal(outputs.filter((file) => readFileSync(file, 'utf8').includes(root)), [])
})

test.run()
