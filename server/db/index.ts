import { migrate } from './migrate.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'
import type { Db } from './types.ts'

export type { Db, Lock, Queryable, Row } from './types.ts'
export { DB_UNAVAILABLE_REASON, isDbUnavailable } from './unavailable.ts'

export interface DbOptions {
  /** A postgres:// URL; when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite's data folder; in memory when absent. */
  dataDir?: string
  /** In memory: where PGlite's migrated template is kept (default node_modules/.cache/postern); false: none. */
  pgliteTemplateDir?: string | false
}

/** Opens the database the options name and brings its schema up to date. */
export async function openDb(opts: DbOptions): Promise<Db> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir, { templateDir: opts.pgliteTemplateDir })
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
