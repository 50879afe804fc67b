// The catalogue's keys, read statically from src/: every t('…'), the English forms of plural(n, '…', '…'),
// and the views' titles in views/routes.ts (Modal passes them through t()).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

export function sourceFiles(dir: string, ext: RegExp): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, ext))
    else if (ext.test(name)) out.push(path)
  }
  return out
}

const LIT = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")`
const unquote = (literal: string) => JSON.parse(literal.startsWith("'") ? `"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : literal) as string

/** Every key used in src/ (outside the i18n code itself), with the files that use it; `one` holds plural(…)'s singular forms. */
export function usedKeys(): { keys: Map<string, string[]>; one: Set<string> } {
  const keys = new Map<string, string[]>()
  const one = new Set<string>()
  const add = (key: string, file: string) => keys.set(key, [...(keys.get(key) ?? []), file])
  for (const file of sourceFiles(SRC, /\.tsx?$/)) {
    // The message functions' own doc comments show made-up examples.
    if (file.includes('/src/i18n/') || /ui\/(base|format)\.tsx?$/.test(file)) continue
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(new RegExp(String.raw`\bt\(\s*` + LIT, 'g'))) add(unquote(m[1]!), file)
    // Toasts are sent in English by signals and lazy code; views/Toast says them through t().
    for (const m of text.matchAll(new RegExp(String.raw`\bshowToast\([^,]+,\s*'\w+',\s*` + LIT, 'g'))) add(unquote(m[1]!), file)
    for (const m of text.matchAll(new RegExp(String.raw`\bplural\([^,]+,\s*` + LIT + String.raw`\s*,\s*` + LIT, 'g'))) {
      one.add(unquote(m[1]!))
      add(unquote(m[2]!), file)
    }
    if (file.endsWith('views/routes.ts')) {
      for (const m of text.matchAll(new RegExp(String.raw`title: \([^)]*\) => (?:String\(.*?\?\? )?` + LIT, 'g'))) add(unquote(m[1]!), file)
    }
  }
  return { keys, one }
}
