// The Farcaster login's rows: open channels (each answered once) and the user name of each fid.
import type { Db } from '../db/types.ts'

/** A channel lives ten minutes at the relay; so here. */
export const CHANNEL_TTL_MS = 10 * 60_000

/** secretHash: the SHA-256 of the secret of the secure frame that opened it (auth-email/binding.ts). */
export interface OpenChannel { nonce: string; domain: string; secretHash: string }

export async function saveChannel(db: Db, token: string, channel: OpenChannel, now = Date.now()): Promise<void> {
  await db.query('DELETE FROM farcaster_channels WHERE created_at <= $1', [now - CHANNEL_TTL_MS])
  await db.query('INSERT INTO farcaster_channels (channel_token, nonce, domain, created_at, secret_hash) VALUES ($1, $2, $3, $4, $5)',
    [token, channel.nonce, channel.domain, now, channel.secretHash])
}

/** The channel if it is open (unused, not expired) for this domain. */
export async function findChannel(db: Db, token: string, domain: string, now = Date.now()): Promise<OpenChannel | undefined> {
  const [row] = await db.query<{ nonce: string; domain: string; secret_hash: string }>(
    'SELECT nonce, domain, secret_hash FROM farcaster_channels WHERE channel_token = $1 AND domain = $2 AND used_at IS NULL AND created_at > $3',
    [token, domain, now - CHANNEL_TTL_MS])
  return row && { nonce: row.nonce, domain: row.domain, secretHash: row.secret_hash }
}

/** Marks the channel used; false when another request already did (one answer per channel). */
export async function spendChannel(db: Db, token: string, now = Date.now()): Promise<boolean> {
  const rows = await db.query('UPDATE farcaster_channels SET used_at = $2 WHERE channel_token = $1 AND used_at IS NULL RETURNING channel_token', [token, now])
  return rows.length === 1
}

export async function saveUsername(db: Db, fid: number, username: string, now = Date.now()): Promise<void> {
  await db.query(`INSERT INTO farcaster_users (fid, username, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (fid) DO UPDATE SET username = EXCLUDED.username, updated_at = EXCLUDED.updated_at`, [fid, username, now])
}

/** For a Farcaster user ('farcaster:<fid>'), their user name to send with the session; else nothing. */
export async function farcasterProfile(db: Db, userKey: string): Promise<{ username?: string }> {
  const fid = /^farcaster:(\d+)$/.exec(userKey)?.[1]
  if (!fid) return {}
  const [row] = await db.query<{ username: string }>('SELECT username FROM farcaster_users WHERE fid = $1', [Number(fid)])
  return { username: row?.username ?? fid }
}
