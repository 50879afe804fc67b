import pg from 'pg'
import type { Db, Lock, Queryable, Row } from './types.ts'

const TIMEOUTS = { connectionTimeoutMillis: 5_000, query_timeout: 10_000 }

/** A Postgres server at `url` through a small pool; advisory locks get a connection of their own. */
export async function openPostgres(url: string): Promise<Db> {
  // A database that stops answering fails the request in bounded time (a 503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 5, ...TIMEOUTS })
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const query = async <T extends Row>(q: pg.Pool | pg.PoolClient | pg.Client, sql: string, params?: unknown[]) =>
    (await q.query<T>(sql, params)).rows
  await query(pool, 'SELECT 1')
  return {
    kind: 'postgres',
    query: (sql, params) => query(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({ query: (sql, params) => query(client, sql, params) } satisfies Queryable)
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async tryLock(key) {
      const client = new pg.Client({ connectionString: url, ...TIMEOUTS })
      await client.connect()
      let lose = () => {}
      const lost = new Promise<void>((resolve) => (lose = resolve))
      client.on('error', () => lose())
      client.on('end', () => lose())
      const [row] = await query<{ ok: boolean }>(client, 'SELECT pg_try_advisory_lock($1) AS ok', [key]).catch(async (error) => {
        await client.end().catch(() => {})
        throw error
      })
      if (!row?.ok) {
        await client.end()
        return null
      }
      const lock: Lock = {
        lost,
        async release() {
          // Ending the session frees its advisory locks.
          await client.end().catch(() => {})
          lose()
        },
      }
      return lock
    },
    close: () => pool.end(),
  }
}
