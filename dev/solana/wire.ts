import { createPublicKey, verify } from 'node:crypto'
import {
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  type Transaction,
} from '@solana/kit'
import { toBase58 } from './encoding.ts'
import { invalidParams } from './errors.ts'

/** litesvm's default fee schedule: lamports per signature. */
export const LAMPORTS_PER_SIGNATURE = 5000n
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNITS = 1_400_000n

export type SupportedMessage = Extract<CompiledTransactionMessage, { version: 'legacy' | 0 }> & CompiledTransactionMessageWithLifetime

/** A wire transaction taken apart once, for the ledger and for the RPC's JSON forms. */
export interface DecodedTransaction {
  wire: Uint8Array
  transaction: Transaction
  message: SupportedMessage
  /** base58 signatures in signer order; an absent signature is 64 zero bytes, as on the wire. */
  signatures: string[]
  /** The transaction id: its first signature. */
  signature: string
  accountKeys: Address[]
  blockhash: string
}

const ZERO_SIGNATURE = new Uint8Array(64)

export function decodeMessage(bytes: Uint8Array): SupportedMessage {
  let message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime
  try {
    message = getCompiledTransactionMessageDecoder().decode(bytes)
  } catch (error) {
    throw invalidParams(`failed to deserialize solana_message::VersionedMessage: ${(error as Error).message}`)
  }
  if (message.version !== 'legacy' && message.version !== 0) {
    throw invalidParams(`Invalid params: transaction version ${String(message.version)} is not supported by the local ledger`)
  }
  return message as SupportedMessage
}

export function decodeTransaction(wire: Uint8Array): DecodedTransaction {
  let transaction: Transaction
  try {
    transaction = getTransactionDecoder().decode(wire)
  } catch (error) {
    throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`)
  }
  const message = decodeMessage(new Uint8Array(transaction.messageBytes))
  if (!isSane(message)) throw invalidParams('invalid transaction: Transaction failed to sanitize accounts offsets correctly')
  const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts)
  const signatures = signers.map((signer) => toBase58(new Uint8Array(transaction.signatures[signer] ?? ZERO_SIGNATURE)))
  return {
    wire,
    transaction,
    message,
    signatures,
    signature: signatures[0] ?? toBase58(ZERO_SIGNATURE),
    accountKeys: [...message.staticAccounts],
    blockhash: message.lifetimeToken,
  }
}

/** agave's message sanitisation: a writable signing fee payer, indices inside the key list, no repeated keys. */
function isSane(message: SupportedMessage): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  const keys = message.staticAccounts
  const lookedUp =
    message.version === 0
      ? (message.addressTableLookups ?? []).reduce((n, l) => n + l.readonlyIndexes.length + l.writableIndexes.length, 0)
      : 0
  const total = keys.length + lookedUp
  if (numSignerAccounts < 1 || numReadonlySignerAccounts >= numSignerAccounts) return false
  if (numSignerAccounts + numReadonlyNonSignerAccounts > keys.length) return false
  if (new Set(keys).size !== keys.length) return false
  return message.instructions.every(
    (instruction) =>
      instruction.programAddressIndex > 0 &&
      instruction.programAddressIndex < keys.length &&
      (instruction.accountIndices ?? []).every((index) => index < total),
  )
}

/** Whether static account `index` is writable, from the message header. */
export function isWritable(message: SupportedMessage, index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts
  return index < message.staticAccounts.length - numReadonlyNonSignerAccounts
}

/** Checks every required ed25519 signature against the message bytes. */
export function verifySignatures(tx: DecodedTransaction): boolean {
  const signers = tx.message.staticAccounts.slice(0, tx.message.header.numSignerAccounts)
  return signers.every((signer) => {
    const signature = tx.transaction.signatures[signer]
    if (!signature) return false
    const x = Buffer.from(getAddressEncoder().encode(signer)).toString('base64url')
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
    return verify(null, new Uint8Array(tx.transaction.messageBytes), key, new Uint8Array(signature))
  })
}

function readU32(data: Uint8Array, offset: number): bigint {
  return BigInt(new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true))
}

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}

/** The fee the runtime charges: per signature, plus the priority fee set by compute-budget instructions. */
export function feeForMessage(message: SupportedMessage): bigint {
  let unitLimit: bigint | undefined
  let microLamportsPerUnit = 0n
  let otherInstructions = 0n
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data ? new Uint8Array(instruction.data) : new Uint8Array()
    if (program !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions += 1n
    } else if (data[0] === 2 && data.length >= 5) {
      unitLimit = readU32(data, 1)
    } else if (data[0] === 3 && data.length >= 9) {
      microLamportsPerUnit = readU64(data, 1)
    }
  }
  const units = unitLimit ?? DEFAULT_UNITS_PER_INSTRUCTION * otherInstructions
  const cappedUnits = units > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : units
  const priorityFee = (microLamportsPerUnit * cappedUnits + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priorityFee
}
