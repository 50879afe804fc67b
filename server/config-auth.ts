// The embedded wallet's auth service settings from the environment (`npm run server`, the
// postern-server package): the share wrapping key is required, so a deployment never runs with a
// key made up in memory that the next restart would lose, along with every wallet it sealed.
import * as v from 'valibot'
import type { EmailAuthOptions } from './auth-email/config.ts'
import { EvmAddress } from './schemas.ts'

/** Farcaster's IdRegistry on OP Mainnet, where each fid's custody address is read. */
export const FARCASTER_ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])
const Url = v.pipe(v.string(), v.url('must be a URL'))
const Env = v.object({
  SHARE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)'))),
  SHARE_KEY_FILE: v.optional(v.pipe(v.string(), v.minLength(1, 'must be a file path'))),
  SMTP_HOST: v.optional(v.pipe(v.string(), v.minLength(1, 'must be a host name'))),
  SMTP_PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number)), '587'),
  SMTP_TLS: v.optional(v.picklist(['required', 'off'], 'must be required or off'), 'required'),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(1, 'must be a sender address'))),
  OIDC_ISSUER: v.optional(Url),
  FARCASTER_RELAY_URL: v.optional(Url),
  OP_MAINNET_RPC_URL: v.optional(Url),
  FARCASTER_ID_REGISTRY: v.optional(EvmAddress, FARCASTER_ID_REGISTRY),
})

/** The auth service's options; throws naming the variable when one is bad or the wrapping key is missing. */
export function emailAuthFromEnv(env: Record<string, string | undefined>): EmailAuthOptions {
  const parsed = v.safeParse(Env, env)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new Error(`${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`)
  }
  const e = parsed.output
  if (!e.SHARE_KEY && !e.SHARE_KEY_FILE) {
    throw new Error('SHARE_KEY or SHARE_KEY_FILE: the embedded wallet\'s share wrapping key is required (64 hex digits; keep it out of the database)')
  }
  // A code read on the wire is a login: plain SMTP only to a mail server on this machine.
  if (e.SMTP_TLS === 'off' && !LOOPBACK.has(e.SMTP_HOST ?? '')) {
    throw new Error('SMTP_TLS: off is allowed only for a mail server on this machine (SMTP_HOST 127.0.0.1, ::1 or localhost)')
  }
  return {
    ...(e.SHARE_KEY ? { shareKey: e.SHARE_KEY } : { shareKeyFile: e.SHARE_KEY_FILE }),
    ...(e.SMTP_HOST && { smtp: { host: e.SMTP_HOST, port: e.SMTP_PORT, ...(e.SMTP_TLS === 'off' && { dev: true }) } }),
    ...(e.MAIL_FROM && { from: e.MAIL_FROM }),
    oidcIssuer: e.OIDC_ISSUER,
    farcasterRelay: e.FARCASTER_RELAY_URL,
    ...(e.OP_MAINNET_RPC_URL && { farcasterIdRegistry: { rpcUrl: e.OP_MAINNET_RPC_URL, address: e.FARCASTER_ID_REGISTRY as `0x${string}` } }),
  }
}
