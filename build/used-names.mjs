// Which exports of the loader's modules the rest of src/ imports. The loader publishes only
// these to its lazy chunks: a published name costs loader bytes, and keeps alive code that
// nothing else uses (exports kept for tests, say). A name missed here fails the build loudly
// ("No matching export"), never silently.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sources(path)
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

function resolveSpecifier(importer, specifier) {
  for (const ext of EXTENSIONS) {
    const path = resolve(dirname(importer), specifier + ext)
    if (existsSync(path) && statSync(path).isFile()) return realpathSync(path)
  }
  return undefined
}

/**
 * loaderFiles: absolute real paths. Returns a Map file -> Set of names (or 'all'), for the src/
 * loader files; files outside src/ (vendors) are left out: the caller publishes all of theirs.
 * only (optional): absolute real paths; when given, only these files' imports count.
 */
export function usedNames(root, loaderFiles, only) {
  const loader = new Set(loaderFiles)
  const used = new Map()
  const add = (file, names) => {
    if (!file || !loader.has(file)) return
    const current = used.get(file) ?? new Set()
    if (names === 'all' || current === 'all') return void used.set(file, 'all')
    for (const n of names) current.add(n)
    used.set(file, current)
  }
  for (const file of sources(join(realpathSync(root), 'src'))) {
    // cdn/ holds the CDN builds' own entries, never a chunk that reads the loader's registry.
    if (loader.has(file) || file.includes('/src/cdn/')) continue
    // Given the files the chunks reach, no other file counts (the ESM-only entries, say).
    if (only && !only.has(file)) continue
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?([^;'"]*?)\s+from\s+'(\.[^']+)'/g)) {
      if (m[2]) continue
      const target = resolveSpecifier(file, m[4])
      const clause = m[3]
      if (/\*/.test(clause)) { add(target, 'all'); continue }
      const braces = /{([^}]*)}/.exec(clause)
      if (!braces) continue
      const names = braces[1].split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')).map((n) => n.split(/\s+as\s+/)[0])
      add(target, names)
    }
    for (const m of text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) add(resolveSpecifier(file, m[1]), 'all')
  }
  return used
}
