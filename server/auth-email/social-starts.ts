// The social logins the secure frame started: each OAuth state with its provider and PKCE challenge,
// claimed once by the code exchange that shows the verifier (RFC 7636 S256) within ten minutes.
import { createHash } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { HttpError } from '../http.ts'

/** As long as a person may take at the provider (social.ts waits five minutes for the popup). */
export const SOCIAL_START_TTL_MS = 10 * 60_000

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

export async function saveSocialStart(db: Db, state: string, provider: string, codeChallenge: string, now = Date.now()): Promise<void> {
  await db.query('DELETE FROM social_logins WHERE created_at <= $1', [now - SOCIAL_START_TTL_MS])
  const rows = await db.query('INSERT INTO social_logins (state, provider, code_challenge, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (state) DO NOTHING RETURNING state',
    [state, provider, codeChallenge, now])
  if (rows.length === 0) throw new HttpError(409, 'social: this state is already taken')
}

/** Spends the start the exchange names; refuses an unknown, used, expired or foreign one. */
export async function claimSocialStart(db: Db, state: string, provider: string, codeVerifier: string, now = Date.now()): Promise<void> {
  // The challenge is public (it rides in the authorize URL the page sees): a plain match is fine,
  // and a wrong verifier leaves the start for the frame that holds the right one.
  const rows = await db.query(
    'UPDATE social_logins SET used_at = $2 WHERE state = $1 AND provider = $3 AND code_challenge = $4 AND used_at IS NULL AND created_at > $5 RETURNING state',
    [state, now, provider, s256(codeVerifier), now - SOCIAL_START_TTL_MS])
  if (rows.length === 0) throw new HttpError(403, 'social: this login was not started by this window. Log in again.')
}
