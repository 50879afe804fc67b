import { createBase58check, hex } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'

/** TRON's Base58Check: the 21-byte address (0x41 and 20 bytes) and 4 bytes of double SHA-256. */
const base58check = createBase58check(sha256)
const MAINNET_PREFIX = 0x41

/** A Base58Check TRON address (T…, 34 characters) whose checksum holds. */
export function isTronAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false
  try {
    const bytes = base58check.decode(value)
    return bytes.length === 21 && bytes[0] === MAINNET_PREFIX
  } catch {
    return false
  }
}

/** T… → the node's hex form (41 and 20 bytes, lower case). */
export function tronHex(address: string): string {
  if (!isTronAddress(address)) throw new Error(`Invalid TRON address: ${address}`)
  return hex.encode(base58check.decode(address))
}

/** The node's hex form (41…, or a 0x/20-byte EVM form from contract calls) → T…. */
export function tronBase58(hexAddress: string): string {
  const clean = hexAddress.replace(/^0x/, '').toLowerCase()
  const full = clean.length === 40 ? `41${clean}` : clean
  if (!/^41[0-9a-f]{40}$/.test(full)) throw new Error(`Invalid TRON hex address: ${hexAddress}`)
  return base58check.encode(hex.decode(full))
}

/** A transaction's id: SHA-256 of its protobuf-encoded raw data. */
export function transactionId(rawDataHex: string): string {
  return hex.encode(sha256(hex.decode(rawDataHex)))
}
