import * as v from 'valibot'
import { PosternError } from '../../utils/errors'
import { Bytes, toBase58 } from './standard'

// AppKit's Solana provider takes and returns @solana/web3.js objects. Postern takes them too,
// without carrying web3.js: a transaction is serialized through its own serialize(), and a signed
// one is rebuilt by its own class (Transaction.from, VersionedTransaction.deserialize), so the
// site gets back an object of the web3.js it passed in. Wire-format bytes work as before.

/** A @solana/web3.js Transaction or VersionedTransaction (the site's own). */
export interface Web3Transaction {
  serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array
}
export type AnyTransaction = Uint8Array | Web3Transaction

/** A @solana/web3.js Connection, as much of it as sendTransaction uses. */
export interface Web3Connection {
  sendRawTransaction(raw: Uint8Array, options?: Record<string, unknown>): Promise<string>
}

const invalid = () => new PosternError('transaction must be a Uint8Array or a @solana/web3.js transaction', -32602)

/** The transaction's wire format (a web3.js transaction may still lack signatures). */
export function toWire(transaction: unknown): Uint8Array {
  if (v.is(Bytes, transaction)) return transaction
  const serialize = (transaction as Partial<Web3Transaction> | null)?.serialize
  if (typeof serialize !== 'function') throw invalid()
  const bytes: unknown = serialize.call(transaction, { requireAllSignatures: false, verifySignatures: false })
  // web3.js returns a Buffer (a Uint8Array subclass): its bytes, as a plain Uint8Array.
  if (!ArrayBuffer.isView(bytes) || !(bytes instanceof Uint8Array)) throw invalid()
  return new Uint8Array(bytes)
}

/** The signed bytes as the kind of transaction given: bytes, or the same web3.js class. */
export function sameKind<T extends AnyTransaction>(original: T, signed: Uint8Array): T {
  if (v.is(Bytes, original)) return signed as T
  const type = (original as object).constructor as { from?: (b: Uint8Array) => T; deserialize?: (b: Uint8Array) => T }
  // web3.js's VersionedTransaction has a version; its legacy Transaction has none.
  if ('version' in original && typeof type.deserialize === 'function') return type.deserialize(signed)
  if (typeof type.from === 'function') return type.from(signed)
  throw invalid()
}

/**
 * A public key as web3.js's PublicKey reads (toBase58, toString, toBytes, toBuffer, equals, toJSON):
 * still the key's 32 bytes, so `new PublicKey(provider.publicKey)` and byte-wise code both work.
 */
export class PublicKeyBytes extends Uint8Array {
  toBase58(): string {
    return toBase58(this)
  }
  override toString(): string {
    return this.toBase58()
  }
  toJSON(): string {
    return this.toBase58()
  }
  toBytes(): Uint8Array {
    return new Uint8Array(this)
  }
  toBuffer(): Uint8Array {
    const buffer = (globalThis as { Buffer?: { from(b: Uint8Array): Uint8Array } }).Buffer
    return buffer ? buffer.from(this.toBytes()) : this.toBytes()
  }
  equals(other: { toBytes?: () => Uint8Array } | Uint8Array): boolean {
    const bytes = other instanceof Uint8Array ? other : other?.toBytes?.()
    return !!bytes && bytes.length === this.length && bytes.every((b, i) => b === this[i])
  }
}
