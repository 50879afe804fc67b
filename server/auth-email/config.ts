// The e-mail auth service's settings, kept beside the server state rather than in it, and the
// wrapping key that seals the recovery share (seal.ts). The key never goes into the database.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { ServerState } from '../state.ts'
import type { SmtpOptions } from './smtp.ts'
import type { IdRegistryOptions } from '../auth-farcaster/custody.ts'

export interface EmailAuthOptions {
  /** The SMTP server codes are mailed through (STARTTLS required unless `dev`). */
  smtp?: SmtpOptions
  /** The sender address. */
  from?: string
  /**
   * A file holding the 32-byte wrapping key (hex); created when absent. With neither this nor
   * shareKey the service refuses to start: a key made up in memory would lose every wallet at the
   * next restart.
   */
  shareKeyFile?: string
  /** The wrapping key itself (64 hex digits), e.g. from a secret manager; wins over the file. */
  shareKey?: string
  /** The OpenID provider standing for the social logins (client id = provider name). */
  oidcIssuer?: string
  /** The Farcaster Connect relay the Farcaster login opens its channels at. */
  farcasterRelay?: string
  /** Farcaster's IdRegistry on OP Mainnet: each fid's custody address is read there. */
  farcasterIdRegistry?: IdRegistryOptions
}

export interface EmailAuthConfig {
  smtp?: SmtpOptions
  from: string
  /** Absent when the embedded wallet is not configured: its key routes then refuse. */
  wrappingKey?: Buffer
  oidcIssuer?: string
  farcasterRelay?: string
  farcasterIdRegistry?: IdRegistryOptions
}

const configs = new WeakMap<ServerState, EmailAuthConfig>()

function loadKey(opts: EmailAuthOptions): Buffer {
  if (opts.shareKey) return Buffer.from(opts.shareKey, 'hex')
  if (!opts.shareKeyFile) throw new Error('emailAuth: no share wrapping key configured (shareKey or shareKeyFile)')
  if (existsSync(opts.shareKeyFile)) return Buffer.from(readFileSync(opts.shareKeyFile, 'utf8').trim(), 'hex')
  const key = randomBytes(32)
  mkdirSync(dirname(opts.shareKeyFile), { recursive: true })
  writeFileSync(opts.shareKeyFile, key.toString('hex'), { mode: 0o600 })
  return key
}

export function configureEmailAuth(state: ServerState, opts: EmailAuthOptions = {}): void {
  const wrappingKey = loadKey(opts)
  if (wrappingKey.length !== 32) throw new Error('emailAuth: the share wrapping key must be 32 bytes')
  configs.set(state, { smtp: opts.smtp, from: opts.from ?? 'Postern <login@postern.local>', wrappingKey, oidcIssuer: opts.oidcIssuer, farcasterRelay: opts.farcasterRelay, farcasterIdRegistry: opts.farcasterIdRegistry })
}

export function emailAuthConfig(state: ServerState): EmailAuthConfig {
  let config = configs.get(state)
  if (!config) configs.set(state, (config = { from: 'Postern <login@postern.local>' }))
  return config
}

