import { mkdirSync } from 'node:fs'
import { PGlite, types } from '@electric-sql/pglite'
import { migrate, migrations } from './migrate.ts'
import { createMemoryPglite, defaultTemplateDir } from './pglite-template.ts'
import type { Db, Lock, Queryable, Row } from './types.ts'

// Postgres' own client returns int8 and numeric as strings; PGlite is told to do the same.
const parsers = { [types.INT8]: (x: string) => x, [types.NUMERIC]: (x: string) => x }

export interface PgliteOptions {
  /** In memory only: where the migrated template is kept (default: node_modules/.cache/postern); false: none. */
  templateDir?: string | false
}

/** Embedded Postgres in `dataDir` (in memory when absent). One process owns the folder. */
export async function openPglite(dataDir?: string, opts: PgliteOptions = {}): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const pg = dataDir
    ? await PGlite.create(dataDir, { parsers })
    : await createMemoryPglite({ parsers }, {
      dir: opts.templateDir === false ? undefined : (opts.templateDir ?? defaultTemplateDir()),
      migrations: migrations(),
      migrate: async (fresh) => void (await migrate(pgliteDb(fresh))),
    })
  return pgliteDb(pg)
}

/** The Db interface over one PGlite; close() closes it. */
export function pgliteDb(pg: PGlite): Db {
  const query = async <T extends Row>(q: Pick<PGlite, 'query'>, sql: string, params?: unknown[]) => (await q.query<T>(sql, params)).rows
  let closed = false
  return {
    kind: 'pglite',
    query: (sql, params) => query(pg, sql, params),
    transaction: (fn) => pg.transaction((tx) => fn({ query: (sql, params) => query(tx, sql, params) } satisfies Queryable)),
    // A single session: the lock can't be contended by another process, but the SQL stays the same.
    async tryLock(key) {
      const [row] = await query<{ ok: boolean }>(pg, 'SELECT pg_try_advisory_lock($1) AS ok', [key])
      if (!row?.ok) return null
      let lose = () => {}
      const lost = new Promise<void>((resolve) => (lose = resolve))
      const lock: Lock = {
        lost,
        async release() {
          if (!closed) await pg.query('SELECT pg_advisory_unlock($1)', [key])
          lose()
        },
      }
      return lock
    },
    async close() {
      if (closed) return
      closed = true
      await pg.close()
    },
  }
}
