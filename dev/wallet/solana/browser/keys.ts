import {
  createKeyPairFromBytes,
  getBase58Decoder,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signBytes,
  type Address,
  type SignatureBytes,
} from '@solana/kit'
import { invalidInput } from './errors.ts'

/** One demo key the wallet holds: its address at once, its WebCrypto Ed25519 key on first use. */
export class WalletKey {
  readonly address: Address
  readonly publicKey: Uint8Array
  private keyPair: Promise<CryptoKeyPair> | undefined

  constructor(private readonly secretKey: Uint8Array) {
    this.publicKey = secretKey.slice(32)
    this.address = getBase58Decoder().decode(this.publicKey) as Address
  }

  /** kit checks that the seed and the public key half belong together. */
  private privateKey(): Promise<CryptoKey> {
    this.keyPair ??= createKeyPairFromBytes(this.secretKey)
    return this.keyPair.then((pair) => pair.privateKey)
  }

  async sign(bytes: Uint8Array): Promise<SignatureBytes> {
    return signBytes(await this.privateKey(), bytes)
  }

  /** Adds this key's signature to a wire transaction that lists it as a signer. */
  async signTransaction(wire: Uint8Array): Promise<Uint8Array> {
    let transaction
    try {
      transaction = getTransactionDecoder().decode(wire)
    } catch (error) {
      throw invalidInput(`Invalid transaction: ${(error as Error).message}`)
    }
    if (!(this.address in transaction.signatures)) throw invalidInput(`The transaction does not need a signature from ${this.address}`)
    const signature = await this.sign(new Uint8Array(transaction.messageBytes))
    const signed = { ...transaction, signatures: Object.freeze({ ...transaction.signatures, [this.address]: signature }) }
    return new Uint8Array(getTransactionEncoder().encode(signed))
  }
}

/** A 64-byte secret key from base58 text or a byte array. */
export function parseSecretKey(input: string | number[], index: number): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = typeof input === 'string' ? new Uint8Array(getBase58Encoder().encode(input)) : Uint8Array.from(input)
  } catch {
    throw new TypeError(`secretKeys[${index}]: not base58 text or a byte array`)
  }
  if (bytes.length !== 64) throw new TypeError(`secretKeys[${index}]: expected 64 bytes, got ${bytes.length}`)
  return bytes
}
