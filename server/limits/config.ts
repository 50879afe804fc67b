// The rate limits and their defaults. Each is `points` per `duration` seconds; a deployment (or the
// local test stack) sets its own with the `rateLimits` option or RATE_LIMITS="auth.ip=600/600,...".
import * as v from 'valibot'
import type { Window } from './store.ts'

export const LIMIT_NAMES = [
  // Failed codes per e-mail, counted across its codes (a new code does not reset them).
  'codes.hour', 'codes.day',
  // Requests that send an e-mail (login start, e-mail change, device approval), per IP and for all.
  'mail.ip', 'mail.all',
  // Every other auth request (codes, sessions, social, Farcaster, SIWX nonce and sign-in, the frame-origin question), per IP and for all.
  'auth.ip', 'auth.all',
  // Writes (name registration, onramp URLs, analytics events), per IP and for all.
  'write.ip', 'write.all',
] as const
export type LimitName = (typeof LIMIT_NAMES)[number]
export type RateLimits = Record<LimitName, Window>

export const DEFAULT_RATE_LIMITS: RateLimits = {
  'codes.hour': { points: 10, duration: 3600 },
  'codes.day': { points: 20, duration: 86_400 },
  'mail.ip': { points: 30, duration: 3600 },
  'mail.all': { points: 2000, duration: 3600 },
  // A Farcaster login polls once a second: ten minutes of it fit in one IP's window.
  'auth.ip': { points: 900, duration: 600 },
  'auth.all': { points: 30_000, duration: 600 },
  'write.ip': { points: 600, duration: 600 },
  'write.all': { points: 30_000, duration: 600 },
}

const Entry = v.pipe(
  v.string(),
  v.regex(/^[a-z]+\.[a-z]+=\d{1,9}\/\d{1,9}$/, 'must be name=points/seconds'),
  v.transform((s) => {
    const [name, value] = s.split('=') as [string, string]
    const [points, duration] = value.split('/').map(Number) as [number, number]
    return { name, points, duration }
  }),
  v.check((e) => (LIMIT_NAMES as readonly string[]).includes(e.name), `must name one of ${LIMIT_NAMES.join(', ')}`),
  v.check((e) => e.points > 0 && e.duration > 0, 'must have points and seconds above 0'),
)

/** RATE_LIMITS: a comma-separated list of name=points/seconds, e.g. "auth.ip=600/600,codes.hour=5/3600". */
export const RateLimitsEnv = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)),
  v.array(Entry),
  v.transform((entries) => Object.fromEntries(entries.map((e) => [e.name, { points: e.points, duration: e.duration }])) as Partial<RateLimits>),
)
