import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, type EncodedAccount, type ReadonlyUint8Array } from '@solana/kit'
import { invalidParams } from './errors.ts'

/** u64::MAX: what the Solana RPC reports as rentEpoch for rent-exempt accounts. */
export const RENT_EXEMPT_EPOCH = 18446744073709551615n

export function toBase58(bytes: ReadonlyUint8Array): string {
  return getBase58Decoder().decode(bytes)
}

export function fromBase58(text: string): Uint8Array {
  return new Uint8Array(getBase58Encoder().encode(text))
}

export function toBase64(bytes: ReadonlyUint8Array): string {
  return getBase64Decoder().decode(bytes)
}

export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(getBase64Encoder().encode(text))
}

/** Decodes a wire transaction or message sent as base58 or base64; bad text is invalid params. */
export function decodeWire(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  try {
    const bytes = encoding === 'base58' ? fromBase58(text) : fromBase64(text)
    if (bytes.length === 0) throw new Error('empty')
    return bytes
  } catch {
    throw invalidParams(`invalid ${encoding} encoding: ${encoding === 'base58' ? 'InvalidCharacter' : 'InvalidByte'}`)
  }
}

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'

export interface AccountEncodingOptions {
  encoding?: AccountEncoding | undefined
  dataSlice?: { offset: number; length: number } | undefined
  /** For jsonParsed: the parsed form of the account data, or null when the program has no parser. */
  parse?: ((account: EncodedAccount) => unknown) | undefined
}

function encodeData(data: ReadonlyUint8Array, opts: AccountEncodingOptions): unknown {
  const slice = opts.dataSlice ? data.subarray(opts.dataSlice.offset, opts.dataSlice.offset + opts.dataSlice.length) : data
  switch (opts.encoding ?? 'binary') {
    case 'binary':
    case 'base58': {
      if (slice.length > 128) {
        throw invalidParams('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
      }
      return opts.encoding === 'base58' ? [toBase58(slice), 'base58'] : toBase58(slice)
    }
    case 'base64+zstd':
      throw invalidParams('Invalid params: base64+zstd encoding is not supported by the local ledger; use base64')
    default:
      return [toBase64(slice), 'base64']
  }
}

/** The `UiAccount` JSON of the Solana RPC. */
export function encodeAccount(account: EncodedAccount, opts: AccountEncodingOptions): Record<string, unknown> {
  const parsed = opts.encoding === 'jsonParsed' && opts.parse ? opts.parse(account) : null
  const data = parsed ?? encodeData(account.data, opts.encoding === 'jsonParsed' ? { ...opts, encoding: 'base64' } : opts)
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.space,
  }
}
