// The relayer's periodic look, so nothing waits for the modal to ask: quotes still waiting or
// paying, quotes not yet swept, and recent quotes (a deposit that comes late is refunded while the
// quote is younger than LATE_DEPOSIT_WATCH_MS). Each quote is worked on by one server at a time
// (its lease), so several servers on one database share the work without paying twice. A status
// request asks for a look here too, in the background (nudgeRelay).
import type { Queryable } from './db/index.ts'
import { relayContext } from './pay-relay-context.ts'
import { LATE_DEPOSIT_WATCH_MS, workOnRelay, type RelayContext } from './pay-relay-work.ts'
import type { ServerState } from './state.ts'
import { runPeriodically } from './periodic.ts'

/** How often the relayer looks, unless told otherwise. */
export const RELAY_INTERVAL_MS = 15_000
/** Quotes looked at per round: those still waiting or paying first, then the longest unseen (so old quotes cannot starve new ones). */
const BATCH = 50

export async function dueRelays(db: Queryable, now = Date.now()): Promise<string[]> {
  const rows = await db.query<{ request_id: string }>(
    `SELECT request_id FROM pay_relays
     WHERE (status IN ('waiting', 'pending') OR swept_at IS NULL OR created_at > $1::bigint) AND lease_until < $2::bigint
     ORDER BY status IN ('waiting', 'pending') DESC, lease_until, created_at LIMIT ${BATCH}`,
    [now - LATE_DEPOSIT_WATCH_MS, now],
  )
  return rows.map((r) => r.request_id)
}

/** One round: every due quote, each on its own (one failing does not stop the others). */
export async function runRelayRound(state: ServerState): Promise<void> {
  const ctx = relayContext(state)
  for (const requestId of await dueRelays(state.db)) {
    try {
      await workOnRelay(ctx, requestId)
    } catch (error) {
      console.error(`[server] pay relay ${requestId}:`, error instanceof Error ? error.message : error)
    }
  }
}

/** The periodic look; stopping it also ends the background looks (their waits cut short) and waits for them. */
export function startRelayJobs(state: ServerState, intervalMs = RELAY_INTERVAL_MS): { stop(): Promise<void> } {
  const rounds = runPeriodically('pay relay round', () => runRelayRound(state), intervalMs, true)
  return {
    async stop() {
      const ctx = relayContext(state)
      ctx.stopping = true
      await rounds.stop()
      while (ctx.nudges.size > 0) await Promise.all([...ctx.nudges.values()])
    },
  }
}

/** How long a background look waits for another server's look at the quote to end. */
const LEASE_WAIT_MS = 25_000

/**
 * Looks at the quote in the background, now, without the caller waiting: one look per quote at a
 * time, and one more after it when asked again meanwhile (a deposit seen by the asker is then
 * seen by a look that started after it). A quote another server holds is waited for.
 */
export function nudgeRelay(ctx: RelayContext, requestId: string): void {
  if (ctx.stopping) return
  if (ctx.nudges.has(requestId)) {
    ctx.again.add(requestId)
    return
  }
  const run = async () => {
    do {
      ctx.again.delete(requestId)
      const until = Date.now() + LEASE_WAIT_MS
      try {
        while (!(await workOnRelay(ctx, requestId)) && Date.now() < until && !ctx.stopping) await new Promise((resolve) => setTimeout(resolve, 200))
      } catch (error) {
        console.error(`[server] pay relay ${requestId}:`, error instanceof Error ? error.message : error)
      }
    } while (ctx.again.has(requestId) && !ctx.stopping)
  }
  ctx.nudges.set(requestId, run().finally(() => ctx.nudges.delete(requestId)))
}
