import * as v from 'valibot'
import { isValidSuiAddress, isValidTransactionDigest, normalizeSuiAddress } from '@mysten/sui/utils'
import { rawTransaction, SuiInputError, SuiParamsError, SuiSignatureError, type ExecutedTransaction, type SuiLedger } from './ledger.ts'
import { objectData, SUI_TYPE } from './objects.ts'
import { QueryError, queryTransactions, TransactionQuery, transactionInput } from './query.ts'

// Sui's JSON-RPC methods as @mysten/sui's SuiJsonRpcClient calls them for balances, coins, objects,
// gas price, dry runs and execution, answered from the local ledger with the node's shapes and
// error codes (-32602 invalid params, -32002 refused transaction, -32601 unknown method).

export class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

const Params = v.array(v.unknown())
const Address = v.pipe(v.string(), v.check((s) => isValidSuiAddress(normalizeSuiAddress(s)), 'Invalid Sui address'), v.transform(normalizeSuiAddress))
const Options = v.optional(v.nullable(v.record(v.string(), v.unknown())), {})
const CoinType = v.optional(v.nullable(v.string()))
const Cursor = v.optional(v.nullable(v.string()))
const Limit = v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))))
const Digest = v.pipe(v.string(), v.check(isValidTransactionDigest, 'Invalid transaction digest'))
const Base64 = v.pipe(v.string(), v.base64('Invalid base64'))

function args<const T extends v.GenericSchema[]>(params: unknown, ...schemas: T): { [K in keyof T]: v.InferOutput<T[K]> } {
  const list = v.parse(Params, params ?? [])
  return schemas.map((schema, i) => {
    const result = v.safeParse(schema, list[i])
    if (!result.success) throw new RpcError(-32602, `Invalid params: ${result.issues[0]?.message ?? 'invalid'}`)
    return result.output
  }) as { [K in keyof T]: v.InferOutput<T[K]> }
}

const isSui = (coinType: string | null | undefined) => !coinType || ['0x2::sui::SUI', `${normalizeSuiAddress('0x2')}::sui::SUI`].includes(coinType)

function balanceOf(ledger: SuiLedger, owner: string, coinType: string | null | undefined) {
  const coins = isSui(coinType) ? ledger.coinsOf(owner) : []
  return { coinType: isSui(coinType) ? SUI_TYPE : coinType, coinObjectCount: coins.length, totalBalance: coins.reduce((s, c) => s + c.balance, 0n).toString(), lockedBalance: {} }
}

function coinsPage(ledger: SuiLedger, owner: string, coinType: string | null | undefined, cursor: string | null | undefined, limit: number | null | undefined) {
  const all = isSui(coinType) ? ledger.coinsOf(owner) : []
  const start = cursor ? all.findIndex((c) => c.objectId === normalizeSuiAddress(cursor)) + 1 : 0
  const size = Math.min(limit ?? 50, 50)
  const page = all.slice(start, start + size)
  const data = page.map((c) => ({ coinType: SUI_TYPE, coinObjectId: c.objectId, version: c.version.toString(), digest: c.digest, balance: c.balance.toString(), previousTransaction: c.previousTransaction }))
  return { data, nextCursor: page.at(-1)?.objectId ?? null, hasNextPage: start + size < all.length }
}

function object(ledger: SuiLedger, id: string, options: Record<string, unknown>) {
  const coin = ledger.coins.get(normalizeSuiAddress(id))
  return coin ? { data: objectData(coin, options) } : { error: { code: 'notExists', object_id: normalizeSuiAddress(id) } }
}

/** SuiTransactionBlockResponse with the parts `options` asks for. */
export function transactionResponse(tx: ExecutedTransaction, options: Record<string, unknown>): Record<string, unknown> {
  return {
    digest: tx.digest,
    ...(options['showInput'] === true && { transaction: transactionInput(tx) }),
    ...(options['showRawInput'] === true && { rawTransaction: rawTransaction(tx) }),
    ...(options['showEffects'] === true && { effects: tx.effects }),
    ...(options['showEvents'] === true && { events: [] }),
    ...(options['showObjectChanges'] === true && { objectChanges: tx.objectChanges }),
    ...(options['showBalanceChanges'] === true && { balanceChanges: tx.balanceChanges }),
    timestampMs: String(tx.timestampMs),
    checkpoint: String(tx.checkpoint),
  }
}

function checkpointAt(ledger: SuiLedger, id: string) {
  const found = /^\d+$/.test(id) ? ledger.checkpoints[Number(id)] : ledger.checkpoints.find((c) => c.digest === id)
  if (!found) throw new RpcError(-32602, `Could not find the referenced checkpoint ${id}.`)
  return {
    epoch: ledger.epoch.toString(), sequenceNumber: String(found.sequenceNumber), digest: found.digest, networkTotalTransactions: String(found.sequenceNumber),
    ...(found.previousDigest && { previousDigest: found.previousDigest }), timestampMs: String(found.timestampMs), transactions: found.transactions,
    epochRollingGasCostSummary: { computationCost: '0', storageCost: '0', storageRebate: '0', nonRefundableStorageFee: '0' }, checkpointCommitments: [], validatorSignature: '',
  }
}

function systemState(ledger: SuiLedger) {
  const zero = '0'
  return {
    epoch: ledger.epoch.toString(), protocolVersion: '100', systemStateVersion: '2', referenceGasPrice: ledger.referenceGasPrice.toString(),
    epochStartTimestampMs: String(ledger.checkpoints[0]!.timestampMs), epochDurationMs: '86400000', safeMode: false,
    safeModeStorageRewards: zero, safeModeComputationRewards: zero, safeModeStorageRebates: zero, safeModeNonRefundableStorageFee: zero,
    stakeSubsidyStartEpoch: zero, maxValidatorCount: '150', minValidatorJoiningStake: zero, validatorLowStakeThreshold: zero, validatorLowStakeGracePeriod: zero,
    storageFundTotalObjectStorageRebates: zero, storageFundNonRefundableBalance: zero, stakeSubsidyBalance: zero, stakeSubsidyDistributionCounter: zero,
    stakeSubsidyCurrentDistributionAmount: zero, stakeSubsidyPeriodLength: zero, stakeSubsidyDecreaseRate: 0, activeValidators: [],
  }
}

const TRANSACTION_INPUTS_ERROR = 'Transaction validator signing failed due to issues with transaction inputs, please review the errors and try again:\n- '

export async function answerSuiCall(ledger: SuiLedger, method: string, params: unknown): Promise<unknown> {
  try {
    return await answer(ledger, method, params)
  } catch (error) {
    if (error instanceof SuiParamsError || error instanceof QueryError) throw new RpcError(-32602, error.message)
    if (error instanceof SuiSignatureError) throw new RpcError(-32002, error.message)
    if (error instanceof SuiInputError) {
      // A dry run reports the check that failed; execution reports it as the validators' refusal.
      throw new RpcError(method === 'sui_executeTransactionBlock' ? -32002 : -32602, method === 'sui_executeTransactionBlock' ? TRANSACTION_INPUTS_ERROR + error.message : `Error checking transaction input objects: ${error.message}`)
    }
    throw error
  }
}

async function answer(ledger: SuiLedger, method: string, params: unknown): Promise<unknown> {
  switch (method) {
    case 'sui_getChainIdentifier':
      return ledger.chainIdentifier
    case 'sui_getCheckpoint':
      return checkpointAt(ledger, String(args(params, v.union([v.string(), v.number()]))[0]))
    case 'sui_getLatestCheckpointSequenceNumber':
      return String(ledger.checkpoints.length - 1)
    case 'sui_getTotalTransactionBlocks':
      return String(ledger.transactions.size)
    case 'suix_getReferenceGasPrice':
      return ledger.referenceGasPrice.toString()
    case 'suix_getLatestSuiSystemState':
      return systemState(ledger)
    case 'suix_getCoinMetadata': {
      const [coinType] = args(params, v.string())
      return isSui(coinType) ? { decimals: 9, name: 'Sui', symbol: 'SUI', description: '', iconUrl: null, id: null } : null
    }
    case 'suix_getBalance': {
      const [owner, coinType] = args(params, Address, CoinType)
      return balanceOf(ledger, owner, coinType)
    }
    case 'suix_getAllBalances': {
      const [owner] = args(params, Address)
      return ledger.coinsOf(owner).length ? [balanceOf(ledger, owner, SUI_TYPE)] : []
    }
    case 'suix_getCoins': {
      const [owner, coinType, cursor, limit] = args(params, Address, CoinType, Cursor, Limit)
      return coinsPage(ledger, owner, coinType, cursor, limit)
    }
    case 'suix_getAllCoins': {
      const [owner, cursor, limit] = args(params, Address, Cursor, Limit)
      return coinsPage(ledger, owner, SUI_TYPE, cursor, limit)
    }
    case 'sui_getObject': {
      const [id, options] = args(params, Address, Options)
      return object(ledger, id, options ?? {})
    }
    case 'sui_multiGetObjects': {
      const [ids, options] = args(params, v.pipe(v.array(Address), v.maxLength(50, 'Input exceeds limit of 50')), Options)
      if (new Set(ids).size !== ids.length) throw new RpcError(-32602, 'Input contains duplicates')
      return ids.map((id) => object(ledger, id, options ?? {}))
    }
    case 'sui_dryRunTransactionBlock': {
      const [bytes] = args(params, Base64)
      return { ...ledger.dryRun(bytes), events: [] }
    }
    case 'sui_executeTransactionBlock': {
      const [bytes, signatures, options] = args(params, Base64, v.array(Base64), Options)
      return { ...transactionResponse(await ledger.execute(bytes, signatures), options ?? {}), confirmedLocalExecution: true }
    }
    case 'sui_getTransactionBlock': {
      const [digest, options] = args(params, Digest, Options)
      const tx = ledger.transactions.get(digest)
      if (!tx) throw new RpcError(-32602, `Could not find the referenced transaction [TransactionDigest(${digest})].`)
      return transactionResponse(tx, options ?? {})
    }
    case 'sui_multiGetTransactionBlocks': {
      const [digests, options] = args(params, v.array(Digest), Options)
      return digests.flatMap((d) => {
        const tx = ledger.transactions.get(d)
        return tx ? [transactionResponse(tx, options ?? {})] : []
      })
    }
    case 'suix_queryTransactionBlocks': {
      const [query, cursor, limit, descending] = args(params, TransactionQuery, v.optional(v.nullable(Digest)), Limit, v.optional(v.nullable(v.boolean())))
      return queryTransactions(ledger, query, cursor, limit, descending === true, (tx) => transactionResponse(tx, query.options ?? {}))
    }
    default:
      throw new RpcError(-32601, `Method not found`)
  }
}
