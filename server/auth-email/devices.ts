// Device verification for e-mail logins (AppKit's VERIFY_DEVICE): a browser (the secure site's
// device id) that never logged in to this user must first be approved through a link mailed to
// the address; once approved, a login code follows and the device is known from then on.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { HttpError } from '../http.ts'
import { RESEND_MS } from './store.ts'

/** The link works for 20 minutes, as AppKit's EmailVerifyDevice view tells the user. */
export const LINK_TTL_MS = 20 * 60_000

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** 'known' for a device the user logged in from (and for a user with none yet), else 'unknown'. */
export async function deviceStatus(db: Db, email: string, deviceId: string): Promise<'known' | 'unknown'> {
  const rows = await db.query<{ device_hash: string }>(
    'SELECT d.device_hash FROM embedded_devices d JOIN embedded_users u ON u.id = d.user_id WHERE u.email = $1', [email])
  return rows.length === 0 || rows.some((r) => r.device_hash === sha256(deviceId)) ? 'known' : 'unknown'
}

export async function registerDevice(db: Db, userId: string, deviceId: string, now = Date.now()): Promise<void> {
  await db.query('INSERT INTO embedded_devices (user_id, device_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, sha256(deviceId), now])
}

/** A new approval link's token for this device (only its hash is kept); like codes, one per 30 s. */
export async function createLink(db: Db, email: string, deviceId: string, now = Date.now()): Promise<string> {
  const [last] = await db.query<{ latest: string | null }>('SELECT max(expires_at) AS latest FROM device_links WHERE email = $1', [email])
  const wait = last?.latest ? Number(last.latest) - LINK_TTL_MS + RESEND_MS - now : 0
  if (wait > 0) throw new HttpError(429, `Please try again after ${Math.ceil(wait / 1000)} seconds`)
  const token = randomBytes(32).toString('base64url')
  await db.query('INSERT INTO device_links (token_hash, email, device_hash, expires_at) VALUES ($1, $2, $3, $4)', [sha256(token), email, sha256(deviceId), now + LINK_TTL_MS])
  return token
}

/** Spends a link: the e-mail it was for, or undefined when unknown, expired or already used. */
export async function approveLink(db: Db, token: string, now = Date.now()): Promise<string | undefined> {
  const [row] = await db.query<{ email: string }>(
    'UPDATE device_links SET approved_at = $2 WHERE token_hash = $1 AND expires_at > $2 AND approved_at IS NULL RETURNING email', [sha256(token), now])
  return row?.email
}

export async function deviceApproved(db: Db, email: string, deviceId: string, now = Date.now()): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM device_links WHERE email = $1 AND device_hash = $2 AND approved_at IS NOT NULL AND expires_at > $3',
    [email, sha256(deviceId), now])
  return !!row
}
