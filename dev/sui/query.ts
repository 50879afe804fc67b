import * as v from 'valibot'
import { bcs } from '@mysten/sui/bcs'
import { fromBase64, isValidSuiAddress, normalizeSuiAddress, toBase64 } from '@mysten/sui/utils'
import type { ExecutedTransaction, SuiLedger } from './ledger.ts'

// suix_queryTransactionBlocks as a full node answers it: the transactions an address sent
// (FromAddress) or that left objects with it (ToAddress: the owners of what it created or
// mutated, the sender's own gas coin included), in execution order or its reverse, paged after
// a transaction's digest, at most 50 a page. Other filters are the indexer's and refused.

/** Sui's QUERY_MAX_RESULT_LIMIT. */
export const QUERY_MAX_RESULT_LIMIT = 50

const Address = v.pipe(v.string(), v.check((s) => isValidSuiAddress(normalizeSuiAddress(s)), 'Invalid Sui address'), v.transform(normalizeSuiAddress))
export const TransactionQuery = v.object({
  filter: v.optional(v.nullable(v.union([v.object({ FromAddress: Address }), v.object({ ToAddress: Address })], 'Unsupported filter: FromAddress and ToAddress are answered here'))),
  options: v.optional(v.nullable(v.record(v.string(), v.unknown())), {}),
})

export class QueryError extends Error {}

/** The owners of what the transaction created or mutated (its effects' AddressOwner entries). */
function recipientsOf(tx: ExecutedTransaction): Set<string> {
  const written = [...((tx.effects['created'] as unknown[]) ?? []), ...((tx.effects['mutated'] as unknown[]) ?? [])] as { owner: { AddressOwner?: string } }[]
  return new Set(written.flatMap((o) => (o.owner.AddressOwner ? [o.owner.AddressOwner] : [])))
}

export function senderOf(tx: ExecutedTransaction): string {
  return normalizeSuiAddress(bcs.TransactionData.parse(fromBase64(tx.bytes)).V1!.sender)
}

/** One page of the query: transactions after `cursor` in the asked order, and where the next page starts. */
export function queryTransactions(
  ledger: SuiLedger,
  query: v.InferOutput<typeof TransactionQuery>,
  cursor: string | null | undefined,
  limit: number | null | undefined,
  descending: boolean,
  respond: (tx: ExecutedTransaction) => unknown,
) {
  const filter = query.filter
  const matches = (tx: ExecutedTransaction) => !filter || ('FromAddress' in filter ? senderOf(tx) === filter.FromAddress : recipientsOf(tx).has(filter.ToAddress))
  const ordered = [...ledger.transactions.values()]
  if (descending) ordered.reverse()
  let start = 0
  if (cursor) {
    const at = ordered.findIndex((tx) => tx.digest === cursor)
    if (at < 0) throw new QueryError(`Could not find the referenced transaction [TransactionDigest(${cursor})].`)
    start = at + 1
  }
  const size = Math.min(limit ?? QUERY_MAX_RESULT_LIMIT, QUERY_MAX_RESULT_LIMIT)
  const found = ordered.slice(start).filter(matches)
  const page = found.slice(0, size)
  return { data: page.map(respond), nextCursor: page.at(-1)?.digest ?? cursor ?? null, hasNextPage: found.length > size }
}

/**
 * showInput's `transaction`: the signed data as the node renders it (sender, gas data, the
 * programmable transaction's inputs and commands), with the signatures.
 */
export function transactionInput(tx: ExecutedTransaction): Record<string, unknown> {
  const data = bcs.TransactionData.parse(fromBase64(tx.bytes)).V1!
  const programmable = data.kind.ProgrammableTransaction
  const inputs = (programmable?.inputs ?? []).map((input) => {
    if (input.$kind === 'Pure') return { type: 'pure', value: toBase64(fromBase64(input.Pure.bytes)) }
    const ref = input.Object?.ImmOrOwnedObject
    return ref ? { type: 'object', objectType: 'immOrOwnedObject', objectId: normalizeSuiAddress(ref.objectId), version: String(ref.version), digest: ref.digest } : { type: 'object' }
  })
  return {
    data: {
      messageVersion: 'v1',
      transaction: { kind: data.kind.$kind, inputs, transactions: (programmable?.commands ?? []).map((c) => ({ [c.$kind]: withoutKinds(c[c.$kind as keyof typeof c]) })) },
      sender: normalizeSuiAddress(data.sender),
      gasData: {
        payment: data.gasData.payment.map((p) => ({ objectId: normalizeSuiAddress(p.objectId), version: Number(p.version), digest: p.digest })),
        owner: normalizeSuiAddress(data.gasData.owner),
        price: String(data.gasData.price),
        budget: String(data.gasData.budget),
      },
    },
    txSignatures: tx.signatures,
  }
}

/** BCS enums parse with a `$kind` beside their variant: the node's JSON has the variant alone. */
function withoutKinds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKinds)
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([k]) => k !== '$kind')
    if (entries.length === 1 && (value as { $kind?: string }).$kind === entries[0]![0] && entries[0]![1] === true) return entries[0]![0]
    return Object.fromEntries(entries.map(([k, inner]) => [k, withoutKinds(inner)]))
  }
  return typeof value === 'bigint' ? String(value) : value
}
