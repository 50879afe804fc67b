import * as v from 'valibot'
import { formatUnits } from 'viem'
import { tokenIconUrl } from './assets.ts'
import { tonTransactions, type TonPosition, type TonTransaction } from './chain/ton-history.ts'
import { HISTORY_PAGE_SIZE } from './history.ts'
import { priceTable } from './prices.ts'
import type { ServerState } from './state.ts'

/**
 * A TON address's history read live from the TON API, in the history endpoint's shape: each
 * transaction that moved Toncoin, newest first. The cursor is the next transaction's lt and hash,
 * as toncenter continues from them.
 */
const Position = v.object({
  ton: v.literal(1),
  lt: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
  hash: v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]{43}=$/)),
})

export const TonCursor = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,300}$/, 'is not a cursor from this API'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const { lt, hash } = v.parse(Position, JSON.parse(Buffer.from(dataset.value, 'base64url').toString('utf8')))
      return { lt, hash }
    } catch {
      addIssue({ message: 'is not a cursor from this API' })
      return NEVER
    }
  }),
)
const encode = (p: TonPosition) => Buffer.from(JSON.stringify({ ton: 1, ...p })).toString('base64url')

/** One page of the address's TON history, and the cursor of the next (null at the end). */
export async function tonHistoryPage(state: ServerState, address: string, chain: string, cursor?: TonPosition) {
  // One more than a page: whether there is a next one, and where it starts.
  const read = await tonTransactions(state.tonApiUrl!, address, HISTORY_PAGE_SIZE + 1, cursor)
  const page = read.slice(0, HISTORY_PAGE_SIZE)
  const after = read[HISTORY_PAGE_SIZE]
  const price = await priceTable(state.db)
  return {
    data: page.flatMap((tx) => toItem(state, price('TON'), address, chain, tx) ?? []),
    next: after ? encode({ lt: after.transaction_id.lt, hash: after.transaction_id.hash }) : null,
  }
}

/** The transaction as a history item: Toncoin sent out (its outgoing messages), else received (its incoming one). */
function toItem(state: ServerState, usd: number, address: string, chain: string, tx: TonTransaction) {
  const sent = tx.out_msgs.filter((m) => BigInt(m.value) > 0n)
  const incoming = tx.in_msg && tx.in_msg.source !== '' && BigInt(tx.in_msg.value) > 0n ? tx.in_msg : undefined
  if (!sent.length && !incoming) return undefined
  const out = sent.length > 0
  const nanotons = out ? sent.reduce((sum, m) => sum + BigInt(m.value), 0n) : BigInt(incoming!.value)
  const numeric = formatUnits(nanotons, 9)
  const counterpart = out ? sent[0]!.destination : incoming!.source
  return {
    id: `${chain}:${tx.transaction_id.hash}`,
    metadata: {
      operationType: out ? ('send' as const) : ('receive' as const),
      hash: tx.transaction_id.hash,
      minedAt: new Date(tx.utime * 1000).toISOString(),
      sentFrom: out ? address : counterpart,
      sentTo: out ? counterpart : address,
      status: 'confirmed' as const,
      nonce: null,
      chain,
    },
    transfers: [{
      fungible_info: { name: 'Toncoin', symbol: 'TON', icon: { url: tokenIconUrl(state, 'TON') } },
      nft_info: { flags: { is_spam: false } },
      direction: out ? ('out' as const) : ('in' as const),
      quantity: { numeric },
      value: Number(numeric) * usd,
      price: usd,
    }],
  }
}
