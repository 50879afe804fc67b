// AppKit 1.8's value exports of an entry (build/appkit-api.json, read from AppKit's source by
// build/api-table-appkit.mjs) against a Postern module: which of AppKit's names it lacks.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const api = JSON.parse(readFileSync(fileURLToPath(new URL('../build/appkit-api.json', import.meta.url)), 'utf8')) as { entries: Record<string, string[]> }

/** AppKit's names for the entry, and those the module does not export. */
export function appkitNames(entry: string, module: object): { names: string[]; missing: string[] } {
  const names = api.entries[entry]
  if (!names?.length) throw new Error(`build/appkit-api.json has no names for ${entry}`)
  return { names, missing: names.filter((n) => !(n in module)) }
}
