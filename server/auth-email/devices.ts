// Device verification for e-mail logins (AppKit's VERIFY_DEVICE): a browser (the secure site's
// device id) that never logged in to this user must first be approved through a link mailed to
// the address; once approved, a login code follows and the device is known from then on. The link
// is bound to the login that asked (its secret's hash): the approval's code goes to that login only.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { HttpError } from '../http.ts'
import { RESEND_MS } from './store.ts'
import { secretMatches } from './binding.ts'

/** The link works for 20 minutes, as AppKit's EmailVerifyDevice view tells the user. */
export const LINK_TTL_MS = 20 * 60_000

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * 'new' for an e-mail no user has yet (its first login registers the device); for a user's e-mail,
 * 'known' only for a device that user logged in from, else 'unknown' (a missing id too).
 */
export async function deviceStatus(db: Db, email: string, deviceId: string | undefined): Promise<'new' | 'known' | 'unknown'> {
  const [user] = await db.query<{ id: string }>('SELECT id FROM embedded_users WHERE email = $1', [email])
  if (!user) return deviceId ? 'new' : 'unknown'
  if (!deviceId) return 'unknown'
  const [row] = await db.query('SELECT 1 FROM embedded_devices WHERE user_id = $1 AND device_hash = $2', [user.id, sha256(deviceId)])
  return row ? 'known' : 'unknown'
}

export async function registerDevice(db: Db, userId: string, deviceId: string, now = Date.now()): Promise<void> {
  await db.query('INSERT INTO embedded_devices (user_id, device_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, sha256(deviceId), now])
}

/** A new approval link's token for this device (only its hash is kept); like codes, one per 30 s. */
export async function createLink(db: Db, email: string, deviceId: string, secretHash: string, now = Date.now()): Promise<string> {
  const [last] = await db.query<{ latest: string | null }>('SELECT max(expires_at) AS latest FROM device_links WHERE email = $1', [email])
  const wait = last?.latest ? Number(last.latest) - LINK_TTL_MS + RESEND_MS - now : 0
  if (wait > 0) throw new HttpError(429, `Please try again after ${Math.ceil(wait / 1000)} seconds`)
  const token = randomBytes(32).toString('base64url')
  await db.query('INSERT INTO device_links (token_hash, email, device_hash, expires_at, secret_hash) VALUES ($1, $2, $3, $4, $5)',
    [sha256(token), email, sha256(deviceId), now + LINK_TTL_MS, secretHash])
  return token
}

export interface ApprovedLink { email: string; deviceHash: string; secretHash: string }

/** Spends a link: the login it was for, or undefined when unknown, expired or already used. */
export async function approveLink(db: Db, token: string, now = Date.now()): Promise<ApprovedLink | undefined> {
  const [row] = await db.query<{ email: string; device_hash: string; secret_hash: string }>(
    'UPDATE device_links SET approved_at = $2 WHERE token_hash = $1 AND expires_at > $2 AND approved_at IS NULL RETURNING email, device_hash, secret_hash', [sha256(token), now])
  return row && { email: row.email, deviceHash: row.device_hash, secretHash: row.secret_hash }
}

/** Whether the link this login (its secret) asked for this device was approved. */
export async function deviceApproved(db: Db, email: string, deviceId: string, secret: string, now = Date.now()): Promise<boolean> {
  const rows = await db.query<{ secret_hash: string }>(
    'SELECT secret_hash FROM device_links WHERE email = $1 AND device_hash = $2 AND approved_at IS NOT NULL AND expires_at > $3', [email, sha256(deviceId), now])
  return rows.some((r) => secretMatches(secret, r.secret_hash))
}
