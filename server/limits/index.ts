// Rate limits on the auth and write endpoints (per IP and overall) and on failed e-mail codes (per
// address), counted by rate-limiter-flexible in the database all servers share. A refusal is a 429
// with Retry-After and the text the modal shows.
import type { IncomingMessage } from 'node:http'
import type { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { HttpError } from '../http.ts'
import type { ServerState } from '../state.ts'
import { DEFAULT_RATE_LIMITS, LIMIT_NAMES, type LimitName, type RateLimits } from './config.ts'
import { limitGroup } from './routes.ts'
import { databaseLimiter } from './store.ts'

export { DEFAULT_RATE_LIMITS, RateLimitsEnv, type RateLimits } from './config.ts'

type Limiters = Record<LimitName, RateLimiterPostgres>
const configured = new WeakMap<ServerState, Limiters>()
const behindProxy = new WeakSet<ServerState>()

/** `trustProxy`: the server is reached only through a reverse proxy that appends X-Forwarded-For. */
export function configureRateLimits(state: ServerState, overrides: Partial<RateLimits> = {}, trustProxy = false): void {
  const limits = { ...DEFAULT_RATE_LIMITS, ...overrides }
  configured.set(state, Object.fromEntries(LIMIT_NAMES.map((name) => [name, databaseLimiter(state.db, name, limits[name])])) as Limiters)
  if (trustProxy) behindProxy.add(state)
}

/** The caller's IP: the socket's, or behind a trusted proxy the address it appended last (the one it saw). */
export function clientIp(state: ServerState, req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for']
  if (behindProxy.has(state) && typeof forwarded === 'string') {
    const last = forwarded.split(',').map((s) => s.trim()).filter(Boolean).at(-1)
    if (last) return last
  }
  return req.socket?.remoteAddress ?? 'unknown'
}

function limiters(state: ServerState): Limiters {
  if (!configured.has(state)) configureRateLimits(state)
  return configured.get(state)!
}

/** The refusal: 429, Retry-After in seconds, and the wait in minutes in words. */
export function tooMany(msBeforeNext: number): HttpError {
  const ms = Math.max(msBeforeNext, 1000)
  return new HttpError(429, `Too many attempts. Try again in ${Math.ceil(ms / 60_000)} minutes`, { 'retry-after': String(Math.ceil(ms / 1000)) })
}

/** Spends one point of each named limit; refuses with the longest wait when any is spent out. */
async function spend(state: ServerState, spends: [LimitName, string][]): Promise<void> {
  const all = limiters(state)
  const results = await Promise.allSettled(spends.map(([name, key]) => all[name].consume(key)))
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as RateLimiterRes | Error] : []))
  if (refused.length === 0) return
  const error = refused.find((r) => r instanceof Error)
  if (error) throw error
  throw tooMany(Math.max(...refused.map((r) => (r as RateLimiterRes).msBeforeNext)))
}

/** Counts a request against its endpoint's group, per IP and overall; nothing for unlimited endpoints. */
export async function limitRequest(state: ServerState, method: string, path: string, ip: string): Promise<void> {
  const group = limitGroup(method, path)
  if (group) await spend(state, [[`${group}.ip`, ip], [`${group}.all`, 'all']])
}

/**
 * Counts one code try for this e-mail before the code is checked (atomic, so parallel guesses
 * cannot slip past the cap); the returned function gives the try back when the code was right.
 */
export async function spendCodeTry(state: ServerState, email: string): Promise<() => Promise<void>> {
  await spend(state, [['codes.hour', email], ['codes.day', email]])
  return async () => {
    const all = limiters(state)
    await Promise.all([all['codes.hour'].reward(email), all['codes.day'].reward(email)])
  }
}
