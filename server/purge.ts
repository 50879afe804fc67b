// Rows that can no longer be used are deleted on a timer, so nonces, codes, links and sessions
// asked for and never used do not pile up for ever.
import type { Queryable } from './db/types.ts'
import { SESSION_MAX_MS } from './auth/store.ts'
import { CHANNEL_TTL_MS } from './auth-farcaster/store.ts'
import { runPeriodically } from './periodic.ts'

/** How often the server purges unless told otherwise. */
export const PURGE_INTERVAL_MS = 10 * 60_000
/** A pending e-mail change is dropped after the codes' own lifetime (auth-email/update.ts). */
const EMAIL_UPDATE_TTL_MS = 10 * 60_000
/** A co-signer permission the wallet never granted. */
const COSIGNER_PENDING_MS = 3_600_000

/** Each table's rows that are spent for good at `now` ($1). */
const PURGES: [table: string, sql: string][] = [
  ['siwx_nonces', 'DELETE FROM siwx_nonces WHERE expires_at <= $1::bigint'],
  ['siwx_sessions', `DELETE FROM siwx_sessions WHERE revoked_at IS NOT NULL OR COALESCE(expires_at, created_at + ${SESSION_MAX_MS}) <= $1::bigint`],
  ['email_codes', 'DELETE FROM email_codes WHERE expires_at <= $1::bigint'],
  ['email_updates', `DELETE FROM email_updates WHERE created_at <= $1::bigint - ${EMAIL_UPDATE_TTL_MS}`],
  ['embedded_sessions', 'DELETE FROM embedded_sessions WHERE expires_at <= $1::bigint'],
  ['device_links', 'DELETE FROM device_links WHERE expires_at <= $1::bigint'],
  ['farcaster_channels', `DELETE FROM farcaster_channels WHERE created_at <= $1::bigint - ${CHANNEL_TTL_MS}`],
  // A co-signer permission past its expiry (its prepared calls go with it), or never activated in an hour.
  ['cosigner_permissions', `DELETE FROM cosigner_permissions WHERE expiry * 1000 <= $1::bigint OR (status = 'pending' AND created_at <= $1::bigint - ${COSIGNER_PENDING_MS})`],
]

/** Deletes every expired row; returns how many each table lost. */
export async function purgeExpired(db: Queryable, now = Date.now()): Promise<Record<string, number>> {
  const removed: Record<string, number> = {}
  for (const [table, sql] of PURGES) removed[table] = (await db.query(`${sql} RETURNING 1`, [now])).length
  return removed
}

/** Purges every `intervalMs` until stopped; a failed round (database away) is logged and retried next time. */
export function startPurge(db: Queryable, intervalMs = PURGE_INTERVAL_MS): { stop(): Promise<void> } {
  return runPeriodically('purge', () => purgeExpired(db), intervalMs)
}
