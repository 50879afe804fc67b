// E-mail codes (hashed, expiring, single use, bound to the login that asked, locked after wrong tries,
// throttled), the users they log in and their sessions (hashed tokens); the key shares are in key-store.ts.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { HttpError } from '../http.ts'
import { checkProof, type CodeBinding, type CodeProof } from './binding.ts'

export const CODE_TTL_MS = 10 * 60_000
/** SPEC sections 5 and 9: a new login e-mail waits 30 s after the previous one. */
export const RESEND_MS = 30_000
export const MAX_ATTEMPTS = 5
export const SESSION_TTL_MS = 7 * 24 * 3600_000

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
// The e-mail keys the code too, so equal codes of two users hash apart.
const codeHash = (email: string, code: string) => sha256(`${email}\n${code}`)
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** Issues a 6-digit code bound to the login that asked, refusing within 30 s of the last one with the spec's text. */
export async function issueCode(db: Db, email: string, binding: CodeBinding, now = Date.now()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ sent_at: string }>('SELECT sent_at FROM email_codes WHERE email = $1 FOR UPDATE', [email])
    const wait = row ? Number(row.sent_at) + RESEND_MS - now : 0
    if (wait > 0) throw new HttpError(429, `Please try again after ${Math.ceil(wait / 1000)} seconds`)
    await tx.query(
      `INSERT INTO email_codes (email, code_hash, sent_at, expires_at, attempts, secret_hash, purpose, device_hash) VALUES ($1, $2, $3, $4, 0, $5, $6, $7)
       ON CONFLICT (email) DO UPDATE SET code_hash = $2, sent_at = $3, expires_at = $4, attempts = 0, secret_hash = $5, purpose = $6, device_hash = $7`,
      [email, codeHash(email, code), now, now + CODE_TTL_MS, binding.secretHash, binding.purpose, binding.deviceHash ?? ''],
    )
    return code
  })
}

type PendingCode = { code_hash: string; expires_at: string; attempts: number; secret_hash: string; purpose: string; device_hash: string }
const PENDING = 'SELECT code_hash, expires_at, attempts, secret_hash, purpose, device_hash FROM email_codes WHERE email = $1'

/** Refuses before any try is counted: no code pending, or the redemption is not the start's own. */
export async function checkPending(db: Db, email: string, proof: CodeProof): Promise<void> {
  const [row] = await db.query<PendingCode>(PENDING, [email])
  if (!row || row.code_hash === '') throw new HttpError(400, 'No code is pending for this e-mail. Ask for a new code.')
  checkProof(row, proof)
}

/** Spends a code: right → the code is gone; wrong → one try fewer; none left → locked. Only its own login may try. */
export async function checkCode(db: Db, email: string, code: string, proof: CodeProof, now = Date.now()): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.query<PendingCode>(`${PENDING} FOR UPDATE`, [email])
    if (!row || row.code_hash === '') return 'none'
    checkProof(row, proof)
    if (row.attempts >= MAX_ATTEMPTS) return 'locked'
    if (Number(row.expires_at) <= now) return 'expired'
    const good = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(codeHash(email, code), 'hex'))
    if (good) {
      // Single use: the hash is wiped. As the spec clears the last-login time on success, so does
      // the throttle here: whoever holds the mailbox may log in on the next device at once.
      await tx.query("UPDATE email_codes SET code_hash = '', sent_at = 0 WHERE email = $1", [email])
      return 'ok'
    }
    await tx.query('UPDATE email_codes SET attempts = attempts + 1 WHERE email = $1', [email])
    return MAX_ATTEMPTS - row.attempts - 1
  })
  if (outcome === 'ok') return
  if (outcome === 'none') throw new HttpError(400, 'No code is pending for this e-mail. Ask for a new code.')
  if (outcome === 'locked') throw new HttpError(423, 'Too many wrong codes: this code is locked. Ask for a new code.')
  if (outcome === 'expired') throw new HttpError(400, 'The code has expired. Ask for a new code.')
  if (outcome === 0) throw new HttpError(423, 'Too many wrong codes: this code is locked. Ask for a new code.')
  throw new HttpError(400, `Wrong code: ${outcome} ${outcome === 1 ? 'try' : 'tries'} left.`)
}

/** The user of an e-mail, made on first login; and a new session token for them. */
export async function openSession(db: Db, email: string, now = Date.now()): Promise<{ token: string; userId: string }> {
  const id = randomBytes(16).toString('hex')
  await db.query('INSERT INTO embedded_users (id, email, created_at) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING', [id, email, now])
  const [user] = await db.query<{ id: string }>('SELECT id FROM embedded_users WHERE email = $1', [email])
  const token = randomBytes(32).toString('base64url')
  // A session is opened by a redemption (code, social, Farcaster): that is its proof time.
  await db.query('INSERT INTO embedded_sessions (token_hash, user_id, created_at, expires_at, proven_at) VALUES ($1, $2, $3, $4, $3)',
    [sha256(token), user!.id, now, now + SESSION_TTL_MS])
  return { token, userId: user!.id }
}

export async function sessionUser(db: Db, token: string, now = Date.now()): Promise<{ id: string; email: string }> {
  const [row] = await db.query<{ id: string; email: string }>(
    `SELECT u.id, u.email FROM embedded_sessions s JOIN embedded_users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`, [sha256(token), now])
  if (!row) throw new HttpError(401, 'token: not a live session')
  return row
}

export async function closeSession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM embedded_sessions WHERE token_hash = $1', [sha256(token)])
}
