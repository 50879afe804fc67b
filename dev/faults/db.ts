// The fault switch for an in-process database (PGlite, the stack's default), which has no socket
// to put a proxy in: a Db that passes through to the real one while healthy and, under a fault,
// fails each call the way pg fails against an unreachable Postgres server (the same errors, so
// the server's own check of them is what decides the answer). Dev and tests only.
import type { Db, Queryable } from '../../server/db/index.ts'
import type { FaultMode } from './proxy.ts'

export interface FaultyDb extends Db {
  readonly mode: FaultMode
  /** One entry per call that reached the switch. */
  readonly requests: string[]
  set(mode: FaultMode, opts?: { delayMs?: number }): void
}

/** How long a hanging database holds a call before failing it, as the Postgres pool's query timeout. */
export const HANG_MS = 10_000

const failure = (mode: FaultMode): Error => {
  switch (mode) {
    case '500': return Object.assign(new Error('the database system is not accepting connections'), { code: '57P03' })
    case 'garbage': return Object.assign(new Error('invalid message format'), { code: '08P01' })
    case 'drop': return new Error('Connection terminated unexpectedly')
    case 'hang': return new Error('Query read timeout')
    default: return Object.assign(new Error('connect ECONNREFUSED (fault switch)'), { code: 'ECONNREFUSED' })
  }
}

export function faultyDb(db: Db, opts: { hangMs?: number } = {}): FaultyDb {
  let mode: FaultMode = 'none'
  let delayMs = 2000
  const requests: string[] = []
  const gate = async (what: string) => {
    requests.push(what)
    const now = mode
    if (now === 'none') return
    if (now === 'slow') return void await new Promise((r) => setTimeout(r, delayMs))
    if (now === 'hang') await new Promise((r) => setTimeout(r, opts.hangMs ?? HANG_MS))
    throw failure(now)
  }
  const through = (q: Queryable): Queryable => ({
    query: async (sql, params) => (await gate('query'), q.query(sql, params)),
  })
  return {
    kind: db.kind,
    get mode() {
      return mode
    },
    requests,
    set(next, opts = {}) {
      mode = next
      delayMs = opts.delayMs ?? delayMs
    },
    query: through(db).query,
    transaction: async (fn) => (await gate('transaction'), db.transaction((tx) => fn(through(tx)))),
    tryLock: async (key) => (await gate('lock'), db.tryLock(key)),
    close: () => db.close(),
  }
}
