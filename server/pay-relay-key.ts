// The relayer's deposit keys are sealed at rest with the server's own key (AES-256-GCM, the quote's
// request id bound in as associated data), so a database dump alone moves no deposit. The key comes
// from PAY_RELAY_KEY (64 hex digits) or PAY_RELAY_KEY_FILE; in production the relayer refuses to
// start without one; in development a key is generated once and kept in the state folder.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Hex } from 'viem'
import { relayChainSettingsFromEnv, type PayRelayChainSettings } from './pay-relay-env.ts'

const SEALED = /^v1:([0-9a-f]{24}):([0-9a-f]{32}):([0-9a-f]+)$/

export interface PayRelayKeyOptions {
  /** The sealing key, 64 hex digits (PAY_RELAY_KEY). */
  key?: string
  /** A file holding it; created with a new key when missing (PAY_RELAY_KEY_FILE, or the state folder's in development). */
  keyFile?: string
}

/** The 32-byte sealing key; a key made up in memory when none is configured (tests: lost on restart). */
export function loadRelayKey(opts: PayRelayKeyOptions = {}): Buffer {
  let hex = opts.key
  if (!hex && opts.keyFile) {
    if (existsSync(opts.keyFile)) hex = readFileSync(opts.keyFile, 'utf8').trim()
    else {
      hex = randomBytes(32).toString('hex')
      mkdirSync(dirname(opts.keyFile), { recursive: true })
      writeFileSync(opts.keyFile, hex, { mode: 0o600 })
    }
  }
  if (hex === undefined) return randomBytes(32)
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`payRelay: the deposit key sealing key${opts.keyFile && !opts.key ? ` in ${opts.keyFile}` : ''} must be 64 hex digits (32 bytes)`)
  return Buffer.from(hex, 'hex')
}

/** The relayer's settings from the environment (its key, and how it reads chains: pay-relay-env.ts); throws naming the variable when production has no key or one is bad. */
export function payRelayFromEnv(env: Record<string, string | undefined>, stateDir: string | undefined): PayRelayKeyOptions & PayRelayChainSettings {
  return { ...relayKeyFromEnv(env, stateDir), ...relayChainSettingsFromEnv(env) }
}

function relayKeyFromEnv(env: Record<string, string | undefined>, stateDir: string | undefined): PayRelayKeyOptions {
  const key = env['PAY_RELAY_KEY']
  const keyFile = env['PAY_RELAY_KEY_FILE']
  if (key !== undefined && !/^[0-9a-fA-F]{64}$/.test(key)) throw new Error('PAY_RELAY_KEY: must be 64 hex digits (32 bytes)')
  if (key) return { key }
  if (keyFile) return { keyFile }
  if (env['NODE_ENV'] === 'production') {
    throw new Error('PAY_RELAY_KEY or PAY_RELAY_KEY_FILE: the pay relayer\'s deposit key sealing key is required in production (64 hex digits; keep it out of the database)')
  }
  return stateDir ? { keyFile: `${stateDir}/pay-relay.key` } : {}
}

export function sealDepositKey(key: Buffer, requestId: string, depositKey: Hex): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(requestId))
  const body = Buffer.concat([cipher.update(Buffer.from(depositKey.slice(2), 'hex')), cipher.final()])
  return `v1:${iv.toString('hex')}:${cipher.getAuthTag().toString('hex')}:${body.toString('hex')}`
}

/** The deposit key; a key stored before sealing existed (0x…) is returned as is (the relayer seals it on start). */
export function openDepositKey(key: Buffer, requestId: string, stored: string): Hex {
  if (/^0x[0-9a-fA-F]{64}$/.test(stored)) return stored as Hex
  const m = SEALED.exec(stored)
  if (!m) throw new Error(`pay relay ${requestId}: its deposit key is not in a known format`)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(m[1]!, 'hex'))
    decipher.setAAD(Buffer.from(requestId))
    decipher.setAuthTag(Buffer.from(m[2]!, 'hex'))
    return `0x${Buffer.concat([decipher.update(Buffer.from(m[3]!, 'hex')), decipher.final()]).toString('hex')}`
  } catch {
    throw new Error(`pay relay ${requestId}: its deposit key cannot be opened with this server's PAY_RELAY_KEY`)
  }
}
