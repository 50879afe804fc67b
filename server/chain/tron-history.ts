import * as v from 'valibot'
import { isTronAddress, tronBase58 } from '../../src/utils/tron/address.ts'

// TRON account history from TronGrid's v1 API (TronGrid itself, or any node with its event
// service): /v1/accounts/:a/transactions (TRX transfers) and /transactions/trc20 (TRC-20 Transfer
// events), newest first, each paged by its own fingerprint.

/** How many items one call asks for (TronGrid serves up to 200). */
export const TRON_FETCH_LIMIT = 50

const Amount = v.pipe(v.number(), v.integer(), v.minValue(0))
/** An address as the v1 API writes it: hex (41…) in raw data, base58 (T…) in events. */
const AnyTronAddress = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (isTronAddress(dataset.value)) return dataset.value
    try {
      return tronBase58(dataset.value)
    } catch {
      addIssue({ message: 'is not a TRON address' })
      return NEVER
    }
  }),
)
const TxId = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/i, 'is not a transaction id'))
const Meta = v.looseObject({ fingerprint: v.optional(v.pipe(v.string(), v.maxLength(2000))) })

const Contract = v.looseObject({
  type: v.string(),
  parameter: v.looseObject({ value: v.looseObject({ owner_address: v.optional(v.string()), to_address: v.optional(v.string()), amount: v.optional(v.number()) }) }),
})
const Transaction = v.looseObject({
  txID: TxId,
  block_timestamp: Amount,
  ret: v.optional(v.array(v.looseObject({ contractRet: v.optional(v.string()) }))),
  raw_data: v.looseObject({ contract: v.array(Contract) }),
})
const TokenTransfer = v.looseObject({
  transaction_id: TxId,
  block_timestamp: Amount,
  from: AnyTronAddress,
  to: AnyTronAddress,
  type: v.optional(v.string()),
  value: v.pipe(v.string(), v.regex(/^\d{1,78}$/, 'is not an amount')),
  token_info: v.looseObject({ symbol: v.string(), address: AnyTronAddress, decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(77)), name: v.string() }),
})
const Page = <S extends v.GenericSchema>(item: S) => v.looseObject({ success: v.literal(true), data: v.array(item), meta: Meta })

/** A TRX transfer the account sent or received. */
export interface TrxMove {
  kind: 'trx'
  txID: string
  time: number
  from: string
  to: string
  sun: bigint
  success: boolean
}
/** A TRC-20 Transfer event the account took part in. */
export interface TokenMove {
  kind: 'trc20'
  txID: string
  time: number
  from: string
  to: string
  amount: bigint
  token: { address: string; symbol: string; name: string; decimals: number }
}

export interface TronPage<T> {
  /** Every item of the page, in order; undefined for what is no TRX transfer (a contract call). */
  items: (T | undefined)[]
  /** The fingerprint of the page after this one, when there is one. */
  next?: string
}

async function v1<S extends v.GenericSchema>(base: string, path: string, fingerprint: string | undefined, schema: S): Promise<v.InferOutput<S>> {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`)
  url.searchParams.set('limit', String(TRON_FETCH_LIMIT))
  url.searchParams.set('order_by', 'block_timestamp,desc')
  url.searchParams.set('only_confirmed', 'true')
  if (fingerprint) url.searchParams.set('fingerprint', fingerprint)
  const what = path.endsWith('trc20') ? 'TRC-20 transfers' : 'transactions'
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (!res.ok) throw new Error(`TRON API ${what}: HTTP ${res.status}`)
  const parsed = v.safeParse(schema, await res.json().catch(() => undefined))
  if (!parsed.success) throw new Error(`TRON API ${what}: unexpected answer (${v.getDotPath(parsed.issues[0]) ?? 'body'} ${parsed.issues[0].message})`)
  return parsed.output
}

/** One page of the account's transactions: its TRX transfers, other calls as undefined. */
export async function tronTransactions(base: string, address: string, fingerprint?: string): Promise<TronPage<TrxMove>> {
  const page = await v1(base, `/v1/accounts/${address}/transactions`, fingerprint, Page(Transaction))
  const items = page.data.map((tx): TrxMove | undefined => {
    const [contract] = tx.raw_data.contract
    const value = contract?.parameter.value
    if (contract?.type !== 'TransferContract' || !value?.owner_address || !value.to_address || value.amount === undefined) return undefined
    const from = v.safeParse(AnyTronAddress, value.owner_address)
    const to = v.safeParse(AnyTronAddress, value.to_address)
    if (!from.success || !to.success) return undefined
    return { kind: 'trx', txID: tx.txID.toLowerCase(), time: tx.block_timestamp, from: from.output, to: to.output, sun: BigInt(value.amount), success: (tx.ret?.[0]?.contractRet ?? 'SUCCESS') === 'SUCCESS' }
  })
  return { items, next: page.meta.fingerprint }
}

/** One page of the account's TRC-20 Transfer events. */
export async function tronTokenTransfers(base: string, address: string, fingerprint?: string): Promise<TronPage<TokenMove>> {
  const page = await v1(base, `/v1/accounts/${address}/transactions/trc20`, fingerprint, Page(TokenTransfer))
  const items = page.data.map((e): TokenMove | undefined => e.type !== undefined && e.type !== 'Transfer'
    ? undefined
    : { kind: 'trc20', txID: e.transaction_id.toLowerCase(), time: e.block_timestamp, from: e.from, to: e.to, amount: BigInt(e.value), token: e.token_info })
  return { items, next: page.meta.fingerprint }
}
