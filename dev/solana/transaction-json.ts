import type { Address } from '@solana/kit'
import { fromBase58, toBase58, toBase64 } from './encoding.ts'
import { RPC_ERROR, RpcError } from './errors.ts'
import type { TransactionRecord } from './ledger.ts'
import { isWritable, type SupportedMessage } from './wire.ts'

/** getTransaction's encodings of a landed transaction, in the RPC's shapes. */

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'

function instructionData(data: ArrayLike<number> | undefined): Uint8Array {
  return data ? Uint8Array.from(data) : new Uint8Array()
}

function compiledInstructions(message: SupportedMessage) {
  return message.instructions.map((instruction) => ({
    accounts: instruction.accountIndices ?? [],
    data: toBase58(instructionData(instruction.data)),
    programIdIndex: instruction.programAddressIndex,
    stackHeight: null,
  }))
}

/** The one instruction parsed here is a system transfer; others come back partially decoded, as the RPC does for unknown programs. */
function parsedInstruction(keys: Address[], programIdIndex: number, accountIndices: readonly number[], data: Uint8Array, stackHeight: number | null) {
  const programId = keys[programIdIndex]
  const accounts = accountIndices.map((index) => keys[index])
  if (programId === SYSTEM_PROGRAM && data.length === 12 && new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2) {
    const lamports = new DataView(data.buffer, data.byteOffset).getBigUint64(4, true)
    return {
      parsed: { info: { destination: accounts[1], lamports, source: accounts[0] }, type: 'transfer' },
      program: 'system',
      programId,
      stackHeight,
    }
  }
  return { accounts, data: toBase58(data), programId, stackHeight }
}

function jsonMessage(message: SupportedMessage, parsed: boolean) {
  const keys = [...message.staticAccounts]
  const lookups =
    message.version === 0
      ? (message.addressTableLookups ?? []).map((lookup) => ({
          accountKey: lookup.lookupTableAddress,
          readonlyIndexes: lookup.readonlyIndexes,
          writableIndexes: lookup.writableIndexes,
        }))
      : undefined
  if (!parsed) {
    return {
      accountKeys: keys,
      addressTableLookups: lookups,
      header: {
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        numRequiredSignatures: message.header.numSignerAccounts,
      },
      instructions: compiledInstructions(message),
      recentBlockhash: message.lifetimeToken,
    }
  }
  return {
    accountKeys: keys.map((pubkey, index) => ({
      pubkey,
      signer: index < message.header.numSignerAccounts,
      source: 'transaction',
      writable: isWritable(message, index),
    })),
    addressTableLookups: lookups,
    instructions: message.instructions.map((instruction) =>
      parsedInstruction(keys, instruction.programAddressIndex, instruction.accountIndices ?? [], instructionData(instruction.data), null),
    ),
    recentBlockhash: message.lifetimeToken,
  }
}

function meta(record: TransactionRecord, parsed: boolean) {
  const keys = record.tx.accountKeys
  const innerInstructions = parsed
    ? record.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((inner) =>
          parsedInstruction(keys, inner.programIdIndex, inner.accounts, fromBase58(inner.data), inner.stackHeight),
        ),
      }))
    : record.innerInstructions
  return {
    computeUnitsConsumed: record.unitsConsumed,
    err: record.err,
    fee: record.fee,
    innerInstructions,
    loadedAddresses: parsed ? undefined : { readonly: [], writable: [] },
    logMessages: record.logs,
    postBalances: record.postBalances,
    postTokenBalances: record.postTokenBalances,
    preBalances: record.preBalances,
    preTokenBalances: record.preTokenBalances,
    returnData: record.returnData ?? undefined,
    rewards: [],
    status: record.err ? { Err: record.err } : { Ok: null },
  }
}

export function encodeTransactionRecord(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: 0 | undefined,
) {
  const version = record.tx.message.version
  if (version === 0 && maxSupportedTransactionVersion === undefined) {
    throw new RpcError(
      RPC_ERROR.UNSUPPORTED_TRANSACTION_VERSION,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    )
  }
  const parsed = encoding === 'jsonParsed'
  const transaction =
    encoding === 'base64'
      ? [toBase64(record.tx.wire), 'base64']
      : encoding === 'base58'
        ? [toBase58(record.tx.wire), 'base58']
        : { message: jsonMessage(record.tx.message, parsed), signatures: record.tx.signatures }
  return {
    blockTime: record.blockTime,
    meta: meta(record, parsed),
    slot: record.slot,
    transaction,
    version: maxSupportedTransactionVersion === undefined ? undefined : version,
  }
}
