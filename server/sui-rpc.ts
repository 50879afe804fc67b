import * as v from 'valibot'

// Reads from a Sui full node's JSON-RPC API (https://fullnode.mainnet.sui.io:443, a self-hosted
// node, or the dev stack's local node): every answer is checked against the node's documented
// shape, and a refusal, an HTTP error or another shape throws naming the method.

/** A full Sui address: 0x and 64 hex digits (any case; the node's form is lower case). */
export const isSuiAddress = (value: string): boolean => /^0x[0-9a-fA-F]{64}$/.test(value)
/** The SUI coin's type as the node names it. */
export const SUI_COIN = '0x2::sui::SUI'

const U64 = v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'is not an amount'))
const I128 = v.pipe(v.string(), v.regex(/^-?\d{1,40}$/, 'is not an amount'))
/** A Move type such as 0x2::sui::SUI or 0x…::usdc::USDC (generic ones included). */
const CoinType = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}::\w{1,128}::\w{1,128}(<[\w:<>, ]{1,600}>)?$/, 'is not a coin type'), v.maxLength(1000))
export const Digest = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'is not a transaction digest'))
const SuiAddress = v.pipe(v.string(), v.check(isSuiAddress, 'is not a Sui address'), v.toLowerCase())

const Balance = v.looseObject({ coinType: CoinType, totalBalance: U64 })
const Metadata = v.nullable(v.looseObject({
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
  name: v.pipe(v.string(), v.maxLength(200)),
  symbol: v.pipe(v.string(), v.maxLength(50)),
}))
const Owner = v.union([v.looseObject({ AddressOwner: SuiAddress }), v.looseObject({ ObjectOwner: v.string() }), v.string(), v.looseObject({})])
export const TransactionBlock = v.looseObject({
  digest: Digest,
  timestampMs: v.optional(v.pipe(v.string(), v.regex(/^\d{1,16}$/, 'is not a time'))),
  transaction: v.looseObject({ data: v.looseObject({ sender: SuiAddress }) }),
  effects: v.looseObject({
    status: v.looseObject({ status: v.picklist(['success', 'failure']) }),
    gasUsed: v.looseObject({ computationCost: U64, storageCost: U64, storageRebate: U64 }),
    gasObject: v.looseObject({ owner: Owner }),
  }),
  balanceChanges: v.optional(v.nullable(v.array(v.looseObject({ owner: Owner, coinType: CoinType, amount: I128 }))), []),
})
export type SuiTransactionBlock = v.InferOutput<typeof TransactionBlock>
const TransactionPage = v.looseObject({ data: v.array(TransactionBlock), nextCursor: v.nullable(Digest), hasNextPage: v.boolean() })

const Answer = v.looseObject({ jsonrpc: v.literal('2.0'), result: v.optional(v.unknown()), error: v.optional(v.looseObject({ message: v.string() })) })

/** `method` on the node; its result checked against `shape`. */
async function call<S extends v.GenericSchema>(endpoint: string, method: string, params: unknown[], shape: S): Promise<v.InferOutput<S>> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const answer = v.safeParse(Answer, await res.json().catch(() => undefined))
  if (!answer.success) throw new Error(`Sui RPC ${method}: ${res.ok ? 'unexpected answer' : `HTTP ${res.status}`}`)
  if (answer.output.error) throw new Error(`Sui RPC ${method}: ${answer.output.error.message.split('\n')[0]}`)
  const result = v.safeParse(shape, answer.output.result)
  if (!result.success) throw new Error(`Sui RPC ${method}: unexpected answer (${v.getDotPath(result.issues[0]) ?? 'result'} ${result.issues[0].message})`)
  return result.output
}

/** Every coin type the address holds, with its total (suix_getAllBalances). */
export const suiAllBalances = (endpoint: string, owner: string) => call(endpoint, 'suix_getAllBalances', [owner], v.array(Balance))

/** A coin type's name, symbol and decimals, or null when the node knows none (suix_getCoinMetadata). */
export const suiCoinMetadata = (endpoint: string, coinType: string) => call(endpoint, 'suix_getCoinMetadata', [coinType], Metadata)

/** The filter a history read follows: what the address sent, or what left objects with it. */
export type SuiDirection = 'FromAddress' | 'ToAddress'

/** Up to `limit` transactions of the filter, newest first, after `cursor` (suix_queryTransactionBlocks). */
export function suiTransactions(endpoint: string, direction: SuiDirection, address: string, limit: number, cursor: string | null) {
  const query = { filter: { [direction]: address }, options: { showInput: true, showEffects: true, showBalanceChanges: true } }
  return call(endpoint, 'suix_queryTransactionBlocks', [query, cursor, limit, true], TransactionPage)
}
