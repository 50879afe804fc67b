// TRON's keys, addresses and signatures with maintained libraries (noble, scure), shared by the
// local node (dev/tron), the browser test wallet and the WalletConnect test wallet: whatever the
// wallet signs, the node checks with the same code.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { createBase58check } from '@scure/base'

const base58check = createBase58check(sha256)

export { bytesToHex, hexToBytes }

/** T… ↔ the node's hex form (41 and 20 bytes). */
export const toHexAddress = (address: string): string => bytesToHex(base58check.decode(address))
export const toBase58Address = (hexAddress: string): string => base58check.encode(hexToBytes(hexAddress.replace(/^0x/, '')))

export function isBase58Address(value: unknown): value is string {
  if (typeof value !== 'string' || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false
  try {
    const bytes = base58check.decode(value)
    return bytes.length === 21 && bytes[0] === 0x41
  } catch {
    return false
  }
}

/** Either form a request may use (visible: base58, else hex) → hex, or undefined when neither. */
export function anyToHex(value: unknown): string | undefined {
  if (isBase58Address(value)) return toHexAddress(value)
  if (typeof value === 'string' && /^41[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase()
  return undefined
}

/** The address of a public key (uncompressed, 65 bytes): 0x41 and the last 20 bytes of its keccak. */
function addressOfPublicKey(publicKey: Uint8Array): string {
  return toBase58Address(`41${bytesToHex(keccak_256(publicKey.slice(1)).slice(-20))}`)
}

export function addressOf(privateKeyHex: string): string {
  return addressOfPublicKey(secp256k1.getPublicKey(hexToBytes(privateKeyHex), false))
}

/** TRON's recoverable signature of a 32-byte digest: r, s and v (27 or 28), 65 bytes hex. */
export function signDigest(digest: Uint8Array, privateKeyHex: string): string {
  // 'recovered': the recovery bit first, then r and s; the digest is signed as it is (no prehash).
  const signature = secp256k1.sign(digest, hexToBytes(privateKeyHex), { lowS: true, prehash: false, format: 'recovered' })
  return bytesToHex(signature.subarray(1)) + (signature[0]! + 27).toString(16).padStart(2, '0')
}

/** The address whose key made the signature, or undefined when it recovers nothing. */
export function recoverAddress(digest: Uint8Array, signatureHex: string): string | undefined {
  const hex = signatureHex.replace(/^0x/, '')
  if (!/^[0-9a-fA-F]{130}$/.test(hex)) return undefined
  const v = parseInt(hex.slice(128), 16)
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return undefined
  try {
    const point = secp256k1.Signature.fromBytes(hexToBytes(hex.slice(0, 128)), 'compact').addRecoveryBit(recovery).recoverPublicKey(digest)
    return addressOfPublicKey(point.toBytes(false))
  } catch {
    return undefined
  }
}

/** A transaction's id: SHA-256 of its raw data's protobuf bytes. */
export const transactionId = (rawDataHex: string): string => bytesToHex(sha256(hexToBytes(rawDataHex)))

/** TronWeb's signMessageV2 digest: keccak256("\x19TRON Signed Message:\n" + length + message). */
export function messageDigest(message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? utf8ToBytes(message) : message
  return keccak_256(new Uint8Array([...utf8ToBytes(`\x19TRON Signed Message:\n${bytes.length}`), ...bytes]))
}

/** signMessageV2 as TronLink answers it: 0x and 65 bytes of hex. */
export const signMessageV2 = (message: string, privateKeyHex: string): string => `0x${signDigest(messageDigest(message), privateKeyHex)}`

/** TronWeb's verifyMessageV2: the signer's address. */
export const verifyMessageV2 = (message: string, signature: string): string | undefined => recoverAddress(messageDigest(message), signature)

/** The demo accounts' keys: fixed, so the demo and the tests know them (never use them elsewhere). */
export function demoKey(index: number): string {
  return bytesToHex(sha256(utf8ToBytes(`postern tron demo account ${index}`)))
}
