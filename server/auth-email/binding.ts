// Logins bound to the secure frame that started them. The frame makes a one-time secret for each
// login it starts and sends only the secret's SHA-256 with the start; every redemption (a code, a
// device's approval, a Farcaster channel, an e-mail change) must show the secret itself. The page
// that embeds the frame sees the e-mail and the code the visitor types, never the secret, so what
// it captures is worthless from anywhere else. The Origin header is no part of this: any client
// writes it as it likes.
import { createHash, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import { HttpError } from '../http.ts'

const Hex32 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of hex'))
/** What a start sends: the SHA-256 of the frame's secret. */
export const SecretHash = Hex32
/** What a redemption sends: the secret. */
export const Secret = Hex32
/** The secure site's id of this browser: 32 random bytes kept on its origin. */
export const DeviceId = Hex32

/** SHA-256 of the hex text (as device ids have always been kept), in hex. */
export const hashHex = (hex: string) => createHash('sha256').update(hex).digest('hex')

/** Whether `secret` is the one whose hash the start left; an empty (pre-binding) hash matches nothing. */
export function secretMatches(secret: string, storedHash: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(storedHash)) return false
  return timingSafeEqual(Buffer.from(hashHex(secret), 'hex'), Buffer.from(storedHash, 'hex'))
}

export const NOT_THIS_LOGIN = 'This login was started in another window. Log in again.'
export const DEVICE_NOT_VERIFIED = 'This device is not verified yet: approve it with the link we sent.'

/** What a code was mailed for: a login (on one device) or an e-mail change. */
export type CodePurpose = 'login' | 'change'
export interface CodeBinding { secretHash: string; purpose: CodePurpose; deviceHash?: string }
export interface CodeProof { secret: string; purpose: CodePurpose; deviceId?: string }

/** Refuses a redemption that is not the start's own: wrong secret, purpose or device. */
export function checkProof(row: { secret_hash: string; purpose: string; device_hash: string }, proof: CodeProof): void {
  if (!secretMatches(proof.secret, row.secret_hash) || row.purpose !== proof.purpose) throw new HttpError(403, NOT_THIS_LOGIN)
  if (proof.purpose === 'login' && (!proof.deviceId || hashHex(proof.deviceId) !== row.device_hash)) throw new HttpError(403, DEVICE_NOT_VERIFIED)
}
