// The key shares the auth service keeps per user (authShare plain; recoveryShare sealed under the
// wrapping key, or in passkey mode only encrypted under the owner's passkey), and the sessions'
// proof times that decide whether a session may have them.
import { createHash } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { HttpError } from '../http.ts'

/** A session opened by a code, social or Farcaster login this recently may fetch the shares. */
export const PROOF_TTL_MS = 5 * 60_000

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export interface Passkey { credentialId: string; salt: string; sealed: string }
export interface StoredKey { address: string; authShare: string; recoverySealed: string | null; passkey?: Passkey }

export interface ProvenSession { id: string; email: string; provenAt: number }

export async function provenSession(db: Db, token: string, now = Date.now()): Promise<ProvenSession> {
  const [row] = await db.query<{ id: string; email: string; proven_at: string }>(
    `SELECT u.id, u.email, s.proven_at FROM embedded_sessions s JOIN embedded_users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`, [sha256(token), now])
  if (!row) throw new HttpError(401, 'token: not a live session')
  return { id: row.id, email: row.email, provenAt: Number(row.proven_at) }
}

/** The session's user, when its proof is fresh; else 403 with the text the secure site shows. */
export async function freshUser(db: Db, token: string, now = Date.now()): Promise<ProvenSession> {
  const session = await provenSession(db, token, now)
  if (now - session.provenAt >= PROOF_TTL_MS) throw new HttpError(403, 'Confirm it is you: log in again with a new code.')
  return session
}

/** A code redeemed on this session (an e-mail change's first code) renews its proof. */
export async function markProven(db: Db, token: string, now = Date.now()): Promise<void> {
  await db.query('UPDATE embedded_sessions SET proven_at = $2 WHERE token_hash = $1', [sha256(token), now])
}

/** Every session of the user ends (log out everywhere). */
export async function closeAllSessions(db: Db, userId: string): Promise<number> {
  return (await db.query('DELETE FROM embedded_sessions WHERE user_id = $1 RETURNING user_id', [userId])).length
}

export async function findKey(db: Db, userId: string): Promise<StoredKey | undefined> {
  const [row] = await db.query<{ address: string; auth_share: string; recovery_share_sealed: string | null; passkey_credential: string | null; passkey_salt: string | null; recovery_share_passkey: string | null }>(
    'SELECT address, auth_share, recovery_share_sealed, passkey_credential, passkey_salt, recovery_share_passkey FROM embedded_keys WHERE user_id = $1', [userId])
  if (!row) return undefined
  const passkey = row.passkey_credential && row.passkey_salt && row.recovery_share_passkey
    ? { credentialId: row.passkey_credential, salt: row.passkey_salt, sealed: row.recovery_share_passkey }
    : undefined
  return { address: row.address, authShare: row.auth_share, recoverySealed: row.recovery_share_sealed, ...(passkey && { passkey }) }
}

/** The first key a user registers is theirs for good: a second one is refused. */
export async function saveKey(db: Db, userId: string, key: { address: string; authShare: string; recoverySealed: string }, now = Date.now()): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO embedded_keys (user_id, address, auth_share, recovery_share_sealed, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO NOTHING RETURNING user_id`, [userId, key.address, key.authShare, key.recoverySealed, now])
  return rows.length === 1
}

/** Passkey mode: the passkey's copy is kept and the service's sealed copy deleted, in one statement. */
export async function savePasskey(db: Db, userId: string, passkey: Passkey): Promise<boolean> {
  const rows = await db.query(
    `UPDATE embedded_keys SET passkey_credential = $2, passkey_salt = $3, recovery_share_passkey = $4, recovery_share_sealed = NULL
     WHERE user_id = $1 RETURNING user_id`, [userId, passkey.credentialId, passkey.salt, passkey.sealed])
  return rows.length === 1
}
