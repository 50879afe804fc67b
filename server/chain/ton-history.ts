import * as v from 'valibot'
import { isTonAddress } from './ton.ts'

// TON history from a toncenter v2 JSON-RPC endpoint: getTransactions, newest first, continued from
// a transaction's `lt` and `hash` (that transaction included), as toncenter pages.

const Amount = v.pipe(v.string(), v.regex(/^\d{1,40}$/, 'is not an amount of nanotons'))
const Lt = v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'is not a logical time'))
const Hash = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]{43}=$/, 'is not a transaction hash'))
/** A message's end: an address, or '' (an external message has no source). */
const End = v.union([v.literal(''), v.pipe(v.string(), v.check(isTonAddress, 'is not a TON address'))])
const Message = v.looseObject({ source: End, destination: End, value: Amount })
const Transaction = v.looseObject({
  utime: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  transaction_id: v.looseObject({ lt: Lt, hash: Hash }),
  fee: Amount,
  in_msg: v.optional(v.nullable(Message)),
  out_msgs: v.array(Message),
})
export type TonTransaction = v.InferOutput<typeof Transaction>
const Answer = v.union([
  v.looseObject({ ok: v.literal(true), result: v.array(Transaction) }),
  v.looseObject({ ok: v.literal(false), error: v.optional(v.string()) }),
])

/** A page position: the transaction to read from (itself included). */
export interface TonPosition {
  lt: string
  hash: string
}

/** Up to `limit` transactions of `address`, newest first, from `from` when given. */
export async function tonTransactions(endpoint: string, address: string, limit: number, from?: TonPosition): Promise<TonTransaction[]> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'getTransactions', params: { address, limit, ...from, archival: true } }),
    signal: AbortSignal.timeout(10_000),
  })
  const parsed = v.safeParse(Answer, await res.json().catch(() => undefined))
  if (!parsed.success) throw new Error(`TON API getTransactions: ${res.ok ? `unexpected answer (${v.getDotPath(parsed.issues[0]) ?? 'answer'} ${parsed.issues[0].message})` : `HTTP ${res.status}`}`)
  if (!parsed.output.ok) throw new Error(`TON API getTransactions: ${parsed.output.error ?? `HTTP ${res.status}`}`)
  return parsed.output.result
}
