/** Rows come back with int4 as number and int8/numeric as string, in PGlite and Postgres alike. */
export type Row = Record<string, unknown>

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>
}

/** A session-level lock held on a connection of its own. */
export interface Lock {
  /** Settles when the lock's connection is gone (the lock with it). */
  lost: Promise<void>
  release(): Promise<void>
}

/** The one database interface of the server: the same SQL runs on PGlite and on Postgres. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction; a throw rolls it back. */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>
  /** pg_try_advisory_lock on its own session; null when another session holds it. */
  tryLock(key: number): Promise<Lock | null>
  close(): Promise<void>
}
