// DESIGN.md section 2: each folder of src/ may import only the rooms below it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const src = fileURLToPath(new URL('../../src', import.meta.url))
const HEAVY = /^(viem|@solana\/|@walletconnect\/|@wallet-standard\/|qrcode-generator)/

interface Import { from: string; target: string; typeOnly: boolean; dynamic: boolean }

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  )
}

export function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8')
  const from = relative(src, file)
  const found: Import[] = []
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) found.push({ from, target: m[3]!, typeOnly: !!m[2], dynamic: false })
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push({ from, target: m[1]!, typeOnly: false, dynamic: false })
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ from, target: m[1]!, typeOnly: false, dynamic: true })
  return found.map((i) => (i.target.startsWith('.') ? { ...i, target: relative(src, resolve(dirname(file), i.target)) } : i))
}

/** The folder (room) of a src-relative path; top-level files are their own room. */
const room = (path: string) => (path.includes('/') ? path.split('/')[0]! : path.replace(/\.tsx?$/, ''))

const ALLOWED: Record<string, (target: string, typeOnly: boolean) => boolean> = {
  utils: (t) => room(t) === 'utils',
  api: (t) => ['api', 'utils'].includes(room(t)),
  ui: (t) => ['ui', 'utils'].includes(room(t)),
  signals: (t, typeOnly) => ['signals', 'utils', 'api'].includes(room(t)) || t === 'adapters/types' || (typeOnly && t === 'networks'),
  views: (t, typeOnly) => ['views', 'signals', 'ui', 'utils', 'chunks', 'lazy-chunks'].includes(room(t)) || (typeOnly && ['networks', 'adapters/types'].includes(t)),
  lazy: (t, typeOnly) => ['lazy', 'signals', 'ui', 'utils', 'chunks', 'lazy-chunks'].includes(room(t)) || (typeOnly && ['networks', 'adapters/types'].includes(t)),
  elements: (t, typeOnly) => ['elements', 'signals', 'utils', 'instance'].includes(room(t)) || (typeOnly && t === 'index'),
}

/** Relative imports were resolved to src-relative paths; package names never match these. */
const ours = (target: string) => /^(utils|api|ui|signals|views|lazy|elements|adapters|cdn)\//.test(target) || /^(index|kit|networks|instance|chunks|lazy-chunks|react)$/.test(target)

const test = suite('import rules')
const all = files(src).flatMap(importsOf)

test('behavior: every folder imports only what DESIGN.md allows', () => {
  const bad = all.filter((i) => {
    const check = ALLOWED[room(i.from)]
    if (!check || !ours(i.target) || i.dynamic) return false
    return !check(i.target, i.typeOnly)
  })
  assert.equal(bad.map((i) => `${i.from} → ${i.target}`), [])
})

test('behavior: heavy libraries are imported statically only inside src/lazy/', () => {
  const bad = all.filter((i) => HEAVY.test(i.target) && !i.dynamic && !i.typeOnly && !i.from.startsWith('lazy/'))
  assert.equal(bad.map((i) => `${i.from} → ${i.target}`), [])
})

test('behavior: nothing in the loader imports a lazy/ folder or the views statically', () => {
  const bad = all.filter((i) => !i.dynamic && !i.typeOnly && /^(lazy|views)\//.test(i.target) && !/^(lazy|views)\//.test(i.from))
  assert.equal(bad.map((i) => `${i.from} → ${i.target}`), [])
})

test('the checker itself: it sees a forbidden import', () => {
  assert.is(ALLOWED.ui!('signals/store', false), false)
  assert.is(ALLOWED.utils!('signals/store', false), false)
  assert.ok(all.length > 20)
})
test.run()
