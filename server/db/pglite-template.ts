// A migrated, empty in-memory database kept as a template: a new in-memory PGlite starts from a copy
// of it instead of running initdb and every migration (about 0.8 s of CPU each; tests make hundreds).
// Only for `memory://`: a data folder on disk is never filled from it. The key names the PGlite
// version and every migration's content, so a template of another schema is never loaded; the
// migrations still run on the copy (a no-op when it is current). Any failure to read or load it falls
// back to a plain database.
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { Migration } from './migrate.ts'

/** Where templates are kept by default: the working folder's node_modules/.cache (none without node_modules). */
export function defaultTemplateDir(cwd = process.cwd()): string | undefined {
  return existsSync(join(cwd, 'node_modules')) ? join(cwd, 'node_modules/.cache/postern') : undefined
}

/** The installed PGlite's version (its package.json is not exported: found beside its entry point). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  for (;;) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version
    }
    if (dirname(dir) === dir) throw new Error('PGlite: its package.json was not found')
    dir = dirname(dir)
  }
}

/** sha256 of the PGlite version and every migration (number, name and SQL). */
export function templateKey(list: Migration[], version = pgliteVersion()): string {
  const hash = createHash('sha256').update(`pglite ${version}\n`)
  for (const m of list) hash.update(`${m.version} ${m.name} ${m.sql.length}\n${m.sql}\n`)
  return hash.digest('hex').slice(0, 32)
}

export const templateFile = (dir: string, key: string) => join(dir, `pglite-template-${key}.tar.gz`)

/** The template's data folder as a tar, or undefined when there is none or it is unreadable. */
function readTemplate(file: string): Blob | undefined {
  try {
    // Node's gunzip is several times faster than PGlite's own (a web stream), and its CRC finds a
    // truncated or damaged file.
    const tar = gunzipSync(readFileSync(file))
    // Not a tar: PGlite would try to gunzip it and crash the process with an unhandled stream error.
    if (tar.subarray(257, 262).toString('latin1') !== 'ustar') return undefined
    return new Blob([tar])
  } catch {
    return undefined
  }
}

/** Writes under a name of its own, then renames: processes writing at once never leave half a file. */
async function writeTemplate(pg: PGlite, file: string): Promise<void> {
  await pg.query('CHECKPOINT') // a copy then starts without replaying the migrations' WAL
  const tar = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer())
  const temp = `${file}.${randomUUID()}.tmp`
  try {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(temp, gzipSync(tar, { level: 1 }))
    renameSync(temp, file)
    // Templates of other schemas (an older checkout's) would only fill the disk.
    for (const other of readdirSync(dirname(file))) {
      if (/^pglite-template-[0-9a-f]+\.tar\.gz$/.test(other) && join(dirname(file), other) !== file) rmSync(join(dirname(file), other), { force: true })
    }
  } catch {
    rmSync(temp, { force: true }) // a read-only or full disk: the next database is made the plain way
  }
}

export interface TemplateOptions {
  /** Where the template is kept; none: no template. */
  dir: string | undefined
  migrations: Migration[]
  /** Brings a new database's schema up to date (run before the template is written). */
  migrate(pg: PGlite): Promise<void>
}

/** A new in-memory PGlite: a copy of the current template, or (none, or it fails) a migrated new one that becomes the template. */
export async function createMemoryPglite(options: PGliteOptions, template: TemplateOptions): Promise<PGlite> {
  if (!template.dir) return PGlite.create('memory://', options)
  const file = templateFile(template.dir, templateKey(template.migrations))
  const tar = readTemplate(file)
  if (tar) {
    // Unloadable (the tar is damaged): a new database below, and a new template over this one.
    const copy = await PGlite.create('memory://', { ...options, loadDataDir: tar }).catch(() => undefined)
    if (copy) return copy
  }
  const pg = await PGlite.create('memory://', options)
  // A migration that fails leaves no template; the caller's own migrate reports it.
  const migrated = await template.migrate(pg).then(() => true, () => false)
  if (migrated) await writeTemplate(pg, file)
  return pg
}
