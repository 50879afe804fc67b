// BIP-137 message signatures (https://github.com/bitcoin/bips/blob/master/bip-0137.mediawiki), the
// ECDSA "signmessage" format wallets give for protocol 'ecdsa': a recoverable secp256k1 signature
// (@noble/curves) over the double SHA-256 of "\x18Bitcoin Signed Message:\n" + length + message,
// its header byte naming the address type. Checked as bip322-js (AppKit's BIP122Verifier) checks it:
// the key recovered from the signature must make the address, whichever of P2PKH, P2SH-P2WPKH and
// P2WPKH it is (many wallets write the compressed-P2PKH header for segwit addresses). Browser-safe.
import * as btc from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'

export type Bip137AddressType = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh'
type BtcNetwork = typeof btc.NETWORK

const utf8 = (text: string | Uint8Array) => (typeof text === 'string' ? new TextEncoder().encode(text) : text)
const PREFIX = utf8('\x18Bitcoin Signed Message:\n')
/** The first header byte of each address type's four (recovery ids 0-3); 27 is uncompressed P2PKH. */
const HEADER: Record<Bip137AddressType, number> = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 }

/** Bitcoin's CompactSize length prefix. */
function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
}

/** The digest a BIP-137 signature signs: SHA-256d of the prefixed, length-prefixed message. */
export function bip137Hash(message: string | Uint8Array): Uint8Array {
  const bytes = utf8(message)
  return sha256(sha256(concatBytes(PREFIX, compactSize(bytes.length), bytes)))
}

/** Signs as a wallet's signMessage(…, 'ecdsa') does: the 65-byte signature, base64. */
export function signBip137(message: string | Uint8Array, secretKey: Uint8Array, type: Bip137AddressType): string {
  const recovered = secp256k1.sign(bip137Hash(message), secretKey, { prehash: false, format: 'recovered' })
  // noble writes the recovery id first, then r and s: the header is that id offset by the address type.
  const signature = concatBytes(Uint8Array.of(HEADER[type] + recovered[0]!), recovered.subarray(1))
  return btoa(String.fromCharCode(...signature))
}

/** The address a public key has in the address type of `address` (undefined for types BIP-137 cannot prove). */
function sameTypeAddress(address: string, publicKey: Uint8Array, network: BtcNetwork): string | undefined {
  const decoded = btc.Address(network).decode(address)
  if (decoded.type === 'pkh') return btc.p2pkh(publicKey, network).address
  if (publicKey.length !== 33) return undefined // segwit keys are compressed
  if (decoded.type === 'wpkh') return btc.p2wpkh(publicKey, network).address
  if (decoded.type === 'sh') return btc.p2sh(btc.p2wpkh(publicKey, network), network).address
  return undefined
}

/** Whether the base64 text is a BIP-137 signature at all (65 bytes, header 27-42), as opposed to a BIP-322 witness. */
export function isBip137(signature: string): boolean {
  try {
    const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))
    return bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42
  } catch {
    return false
  }
}

/** Whether a BIP-137 signature (base64) proves the message for the address on the network. Never throws. */
export function verifyBip137(message: string | Uint8Array, address: string, signature: string, network: BtcNetwork = btc.NETWORK): boolean {
  try {
    if (!isBip137(signature)) return false
    const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))
    const header = bytes[0]!
    const compressed = header >= 31
    const recoveryId = (header - 27) & 3
    const sig = secp256k1.Signature.fromBytes(bytes.subarray(1), 'compact').addRecoveryBit(recoveryId)
    const publicKey = sig.recoverPublicKey(bip137Hash(message)).toBytes(compressed)
    // An uncompressed key (27-30) only makes a P2PKH address; a compressed one any of the three.
    if (!compressed && btc.Address(network).decode(address).type !== 'pkh') return false
    return sameTypeAddress(address, publicKey, network) === address
  } catch {
    return false
  }
}
