import { readdirSync, readFileSync } from 'node:fs'
import type { Db } from './types.ts'

const DIR = new URL('./migrations/', import.meta.url)
// Any constant works; it keeps two servers starting together from migrating at once.
const MIGRATION_LOCK = 7_261_001

export interface Migration {
  version: number
  name: string
  sql: string
}

/** The numbered .sql files of migrations/, in order: `001-name.sql` is version 1. */
export function migrations(): Migration[] {
  const list = readdirSync(DIR)
    .filter((f) => /^\d{3}-[-a-z0-9]+\.sql$/.test(f))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file.slice(4, -4), sql: readFileSync(new URL(file, DIR), 'utf8') }))
  // Two files with one number would half-apply at start: say which, before touching the database.
  const twice = list.find((m, i) => i > 0 && list[i - 1]!.version === m.version)
  if (twice) throw new Error(`migrations: two files are numbered ${String(twice.version).padStart(3, '0')}; renumber one`)
  return list
}

/** Applies the migrations not yet recorded, each once, in one transaction; returns the versions applied. */
export async function migrate(db: Db, list: Migration[] = migrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at bigint NOT NULL
    )`)
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version))
    const applied: number[] = []
    for (const m of list) {
      if (done.has(m.version)) continue
      // A migration file holds several statements: run them one by one (the extended protocol takes one).
      for (const statement of splitStatements(m.sql)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()])
      applied.push(m.version)
    }
    return applied
  })
}

/** Splits on semicolons at line ends, dropping comment lines; migrations keep to that shape. */
function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean)
}
