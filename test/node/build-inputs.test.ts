// `npm test` and `npm run size` reuse dist/ only when it was built from the inputs as they are
// now (build/inputs-key.mjs): any change to a source, the secure site, the build's code, the
// lockfile or the flags makes it out of date.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { buildInputsKey, builtFromCurrentInputs, KEY_FILE } from '../../build/inputs-key.mjs'

const test = suite('build: dist/ is reused only when built from the current inputs')
let root: string
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'postern-inputs-'))
  for (const path of ['src/index.ts', 'src/views/Modal.tsx', 'secure/main.ts', 'build/esm-share.mjs', 'build.mjs', 'bench/measure.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) write(path, `// ${path}\n`)
})
test.after.each(() => rmSync(root, { recursive: true, force: true }))

test('a dist/ built from these inputs is current; none built, or another key, is not', () => {
  assert.not.ok(builtFromCurrentInputs(root))
  write(KEY_FILE, `${buildInputsKey(root)}\n`)
  assert.ok(builtFromCurrentInputs(root))
  assert.not.ok(builtFromCurrentInputs(root, ['--dev']), 'a production build is not a dev build')
  write(KEY_FILE, 'something else\n')
  assert.not.ok(builtFromCurrentInputs(root))
})

test('every input changes the key: a source, a new file, the secure site, the build, the lockfile', () => {
  const keys = new Set([buildInputsKey(root)])
  for (const [path, text] of [['src/views/Modal.tsx', 'changed'], ['src/lazy/new.ts', 'new'], ['secure/main.ts', 'changed'], ['build/esm-share.mjs', 'changed'], ['build.mjs', 'changed'], ['bench/measure.mjs', 'changed'], ['package-lock.json', '{}'], ['tsconfig.json', '{}']]) {
    write(path!, text!)
    const key = buildInputsKey(root)
    assert.not.ok(keys.has(key), `${path} did not change the key`)
    keys.add(key)
  }
  // What the build does not read: tests, the dev stack.
  write('test/x.test.ts', 'x')
  write('dev/stack.ts', 'x')
  assert.ok(keys.has(buildInputsKey(root)))
})

test.run()
