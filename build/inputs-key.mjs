// What a build of dist/ is made from, as one hash: the sources, the build's own code, the
// lockfile (the installed packages) and the build's flags. build.mjs writes it beside its
// metafiles; `npm test` and `npm run size` build only when dist/ was made from something else
// (CI's size check builds first, and the test run then reuses that build).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const INPUTS = ['src', 'secure', 'build', 'build.mjs', 'bench/measure.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']
export const KEY_FILE = 'dist/meta/inputs-key.txt'

/** The hash of the build's inputs under `root` and its `flags` (e.g. ['--dev']). */
export function buildInputsKey(root, flags = []) {
  const hash = createHash('sha256').update(JSON.stringify([...flags].sort()))
  const add = (path) => {
    const full = join(root, path)
    const stat = statSync(full, { throwIfNoEntry: false })
    if (stat?.isDirectory()) for (const name of readdirSync(full).sort()) add(join(path, name))
    else if (stat) hash.update(path).update('\0').update(readFileSync(full)).update('\0')
  }
  for (const input of INPUTS) add(input)
  return hash.digest('hex')
}

/** Whether dist/ under `root` was built from the inputs as they are now, with `flags`. */
export function builtFromCurrentInputs(root, flags = []) {
  try {
    return readFileSync(join(root, KEY_FILE), 'utf8').trim() === buildInputsKey(root, flags)
  } catch {
    return false
  }
}
