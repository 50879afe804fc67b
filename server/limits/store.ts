// rate-limiter-flexible's Postgres store over this server's one database layer, so the counts live
// in the `rate_limits` table (migration 013) on PGlite by default and are shared by every server on
// one Postgres. The library does the counting; this file only hands it a client it can call.
import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible'
import type { Db } from '../db/index.ts'

export interface Window {
  /** How many a key may spend... */
  points: number
  /** ...per this many seconds. */
  duration: number
}

/** The library's client interface (node-postgres' `query({ text, values })`), answered by our Db. */
function pgClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await db.query(q.text, q.values)
      return { rows, rowCount: rows.length }
    },
  }
}

/**
 * A limiter counting in the database. When the database is out of reach it counts in this
 * process's memory instead (the library's insurance limiter), so an outage does not open the gate.
 */
export function databaseLimiter(db: Db, keyPrefix: string, window: Window): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: pgClient(db),
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points: window.points,
    duration: window.duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: window.points, duration: window.duration }),
  })
}
