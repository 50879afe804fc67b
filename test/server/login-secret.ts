// What the secure frame sends to the auth service for one login: a one-time secret (its SHA-256 with
// the start, the secret itself with the redemption) and this browser's device id.
import { createHash, randomBytes } from 'node:crypto'

export function loginSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('hex')
  return { secret, secretHash: createHash('sha256').update(secret).digest('hex') }
}

export const newDeviceId = () => randomBytes(32).toString('hex')
