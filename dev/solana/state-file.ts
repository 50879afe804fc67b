import { createKeyPairSignerFromBytes, isAddress, type Address } from '@solana/kit'
import * as v from 'valibot'
import type { Genesis } from './genesis.ts'
import type { DemoKeypair } from './keys.ts'
import type { LedgerState, TokenBalance, TransactionRecord } from './ledger.ts'
import { uiTokenAmount } from './tokens.ts'
import type { TransactionErrorJson } from './transaction-error.ts'
import { decodeTransaction } from './wire.ts'

/**
 * The on-disk form of a ledger (`<stateDir>/ledger.json`): JSON with u64 values as decimal
 * strings and bytes as base64. Bump VERSION when the shape changes; an unknown version is
 * treated like a corrupt file (fresh ledger, with a warning).
 */
const VERSION = 1

// Buffer rather than kit's codecs: the litesvm snapshot is over a megabyte.
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

const U64 = v.pipe(v.string(), v.regex(/^\d{1,20}$/), v.transform((s) => BigInt(s)))
const Base64 = v.pipe(v.string(), v.base64())
const Bytes = v.pipe(Base64, v.transform(fromBase64))
const AddressString = v.pipe(v.string(), v.check(isAddress, 'not a Solana address'), v.transform((s) => s as Address))
const Index = v.pipe(v.number(), v.integer(), v.minValue(0))

const InstructionError = v.union([v.string(), v.object({ Custom: v.number() }), v.object({ BorshIoError: v.string() })])
const AccountIndex = v.object({ account_index: Index })
const TransactionError: v.GenericSchema<TransactionErrorJson> = v.union([
  v.string(),
  v.object({ InstructionError: v.tuple([Index, InstructionError]) }),
  v.object({ DuplicateInstruction: Index }),
  v.object({ InsufficientFundsForRent: AccountIndex }),
  v.object({ ProgramExecutionTemporarilyRestricted: AccountIndex }),
])

// uiAmount is derived again on load from amount and decimals.
const StoredTokenBalance = v.object({
  accountIndex: Index,
  mint: AddressString,
  owner: AddressString,
  programId: AddressString,
  amount: U64,
  decimals: Index,
})

const StoredRecord = v.object({
  wire: Bytes,
  slot: U64,
  blockTime: v.number(),
  fee: U64,
  err: v.nullable(TransactionError),
  logs: v.array(v.string()),
  unitsConsumed: U64,
  innerInstructions: v.array(
    v.object({
      index: Index,
      instructions: v.array(v.object({ programIdIndex: Index, accounts: v.array(Index), data: v.string(), stackHeight: v.number() })),
    }),
  ),
  returnData: v.nullable(v.object({ programId: v.string(), data: v.tuple([v.string(), v.literal('base64')]) })),
  preBalances: v.array(U64),
  postBalances: v.array(U64),
  preTokenBalances: v.array(StoredTokenBalance),
  postTokenBalances: v.array(StoredTokenBalance),
})

export const StateFile = v.object({
  version: v.literal(VERSION),
  genesisHash: v.pipe(v.string(), v.nonEmpty()),
  slot: U64,
  blockhashes: v.array(v.tuple([v.string(), U64])),
  /** 64-byte secret keys: the demo accounts must keep their addresses across restarts. */
  keys: v.object({ faucet: Bytes, accounts: v.array(Bytes), mint: AddressString }),
  transactions: v.array(StoredRecord),
  /** litesvm's snapshot (LiteSVM.toBytes). */
  svm: Bytes,
})
export type StateFile = v.InferOutput<typeof StateFile>

function storeTokenBalance({ uiTokenAmount, ...rest }: TokenBalance) {
  return { ...rest, amount: uiTokenAmount.amount, decimals: uiTokenAmount.decimals }
}

function loadTokenBalance({ amount, decimals, ...rest }: v.InferOutput<typeof StoredTokenBalance>): TokenBalance {
  return { ...rest, uiTokenAmount: uiTokenAmount(amount, decimals) }
}

function storeRecord({ tx, ...record }: TransactionRecord) {
  return {
    ...record,
    wire: toBase64(tx.wire),
    preTokenBalances: record.preTokenBalances.map(storeTokenBalance),
    postTokenBalances: record.postTokenBalances.map(storeTokenBalance),
  }
}

function loadRecord({ wire, ...record }: v.InferOutput<typeof StoredRecord>): TransactionRecord {
  return {
    ...record,
    tx: decodeTransaction(wire),
    preTokenBalances: record.preTokenBalances.map(loadTokenBalance),
    postTokenBalances: record.postTokenBalances.map(loadTokenBalance),
  }
}

/** The file's text for a ledger state and the keys its genesis used. */
export function serializeState(state: LedgerState, genesis: Genesis): string {
  const file = {
    version: VERSION,
    genesisHash: state.genesisHash,
    slot: state.slot,
    blockhashes: state.blockhashes,
    keys: { faucet: toBase64(genesis.faucet.secretKey), accounts: genesis.accounts.map((a) => toBase64(a.secretKey)), mint: genesis.mint },
    transactions: state.transactions.map(storeRecord),
    svm: toBase64(state.svm),
  }
  return JSON.stringify(file, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
}

async function keypair(secretKey: Uint8Array): Promise<DemoKeypair> {
  // Throws if the public half does not match the private half.
  return { signer: await createKeyPairSignerFromBytes(secretKey), secretKey }
}

/** The ledger state and genesis keys of a validated file; throws if a transaction or key does not decode. */
export async function deserializeState(file: StateFile): Promise<{ state: LedgerState; genesis: Genesis }> {
  const state: LedgerState = {
    svm: file.svm,
    genesisHash: file.genesisHash,
    slot: file.slot,
    blockhashes: file.blockhashes,
    transactions: file.transactions.map(loadRecord),
  }
  const [faucet, ...accounts] = await Promise.all([file.keys.faucet, ...file.keys.accounts].map(keypair))
  return { state, genesis: { faucet: faucet!, accounts, mint: file.keys.mint } }
}
