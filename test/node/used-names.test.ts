// build/used-names.mjs: which of the loader's exports the rest of src/ imports; with roots (the
// classic script's chunks), only what they reach counts, so an ES module entry's imports cost the
// classic loader nothing.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { usedNames } from '../../build/used-names.mjs'

const test = suite('used names')
const root = realpathSync(mkdtempSync(join(tmpdir(), 'postern-used-')))
const src = join(root, 'src')
mkdirSync(join(src, 'lazy'), { recursive: true })
writeFileSync(join(src, 'loader.ts'), 'export const x = 1\nexport const y = 2\nexport const z = 3\n')
writeFileSync(join(src, 'lazy/chunk.ts'), "import { x } from '../loader'\nexport const load = () => import('./later')\n")
writeFileSync(join(src, 'lazy/later.ts'), "import { z } from '../loader'\nexport const later = z\n")
writeFileSync(join(src, 'entry.ts'), "import { y } from './loader'\nexport const e = y\n")
test.after(() => rmSync(root, { recursive: true, force: true }))

test('behavior: every importer counts without roots; with roots, only what the roots reach', () => {
  const loader = [join(src, 'loader.ts')]
  assert.equal([...usedNames(root, loader).get(loader[0]!)!].sort(), ['x', 'y', 'z'])
  assert.equal([...usedNames(root, loader, [join(src, 'lazy/chunk.ts')]).get(loader[0]!)!].sort(), ['x', 'z'], 'the entry\'s y is not published')
})

test.run()
