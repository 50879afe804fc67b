// The e-mail auth service's settings, kept beside the server state rather than in it, and the
// wrapping key that seals the recovery share (AES-256-GCM). The key never goes into the database.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
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
  /** A file holding the 32-byte wrapping key (hex); created when absent. In memory when unset. */
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
  wrappingKey: Buffer
  oidcIssuer?: string
  farcasterRelay?: string
  farcasterIdRegistry?: IdRegistryOptions
}

const configs = new WeakMap<ServerState, EmailAuthConfig>()

function loadKey(opts: EmailAuthOptions): Buffer {
  if (opts.shareKey) return Buffer.from(opts.shareKey, 'hex')
  if (!opts.shareKeyFile) return randomBytes(32)
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
  if (!config) configs.set(state, (config = { from: 'Postern <login@postern.local>', wrappingKey: randomBytes(32) }))
  return config
}

/** iv.tag.ciphertext, base64url each. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
  const decipher = createDecipheriv('aes-256-gcm', key, iv!)
  decipher.setAuthTag(tag!)
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')
}
