import * as v from 'valibot'
import { formatUnits } from 'viem'
import { tokenIconUrl } from './assets.ts'
import { tronTokenTransfers, tronTransactions, type TokenMove, type TronPage, type TrxMove } from './chain/tron-history.ts'
import { HISTORY_PAGE_SIZE } from './history.ts'
import { priceTable } from './prices.ts'
import type { ServerState } from './state.ts'

/**
 * A TRON address's history read live from the TRON API, in the history endpoint's shape: its TRX
 * transfers and TRC-20 transfers, two feeds merged newest first. The cursor says where each feed
 * stands: the fingerprint of the page it was read from (none: its first) and how many of that
 * page's items are behind; a finished feed is null.
 */
const FeedPosition = v.nullable(v.object({ fingerprint: v.optional(v.pipe(v.string(), v.maxLength(2000))), skip: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(200)) }))
type FeedPosition = v.InferOutput<typeof FeedPosition>
const Position = v.object({ tron: v.literal(1), trx: FeedPosition, trc20: FeedPosition })
type Position = v.InferOutput<typeof Position>

export const TronCursor = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,6000}$/, 'is not a cursor from this API'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return v.parse(Position, JSON.parse(Buffer.from(dataset.value, 'base64url').toString('utf8')))
    } catch {
      addIssue({ message: 'is not a cursor from this API' })
      return NEVER
    }
  }),
)
const encode = (p: Position) => Buffer.from(JSON.stringify(p)).toString('base64url')

type Move = TrxMove | TokenMove
interface Feed {
  read: TronPage<Move> | undefined
  skip: number
  taken: number
}

const remaining = (f: Feed) => (f.read ? f.read.items.length - f.skip - f.taken : 0)
/** A feed that has more after what was read: the merge must stop when it runs dry. */
const hasMore = (f: Feed) => f.read?.next !== undefined

function nextPosition(f: Feed, at: FeedPosition): FeedPosition {
  if (!f.read || !at) return null
  if (remaining(f) > 0) return { ...(at.fingerprint && { fingerprint: at.fingerprint }), skip: f.skip + f.taken }
  return f.read.next ? { fingerprint: f.read.next, skip: 0 } : null
}

/** One page of the address's TRON history, and the cursor of the next (null at the end). */
export async function tronHistoryPage(state: ServerState, address: string, chain: string, cursor?: Position) {
  const at: Position = cursor ?? { tron: 1, trx: { skip: 0 }, trc20: { skip: 0 } }
  const api = state.tronApiUrl!
  const [trx, trc20] = await Promise.all([
    at.trx && tronTransactions(api, address, at.trx.fingerprint),
    at.trc20 && tronTokenTransfers(api, address, at.trc20.fingerprint),
  ])
  const feeds: Feed[] = [
    { read: trx ?? undefined, skip: at.trx?.skip ?? 0, taken: 0 },
    { read: trc20 ?? undefined, skip: at.trc20?.skip ?? 0, taken: 0 },
  ]
  const moves: Move[] = []
  while (moves.length < HISTORY_PAGE_SIZE) {
    // Newest first across both feeds; a feed with unread pages must not run dry, or order breaks.
    if (feeds.some((f) => remaining(f) === 0 && hasMore(f))) break
    const heads = feeds.filter((f) => remaining(f) > 0)
    if (heads.length === 0) break
    const head = (f: Feed) => f.read!.items[f.skip + f.taken]
    const time = (f: Feed) => head(f)?.time ?? Number.MAX_SAFE_INTEGER
    const newest = heads.reduce((a, b) => (time(b) > time(a) ? b : a))
    const move = head(newest)
    newest.taken++
    if (move) moves.push(move)
  }
  const trxNext = nextPosition(feeds[0]!, at.trx)
  const trc20Next = nextPosition(feeds[1]!, at.trc20)
  const next = trxNext || trc20Next ? encode({ tron: 1, trx: trxNext, trc20: trc20Next }) : null
  const price = await priceTable(state.db)
  return { data: moves.map((m) => toItem(state, price, address, chain, m)), next }
}

function toItem(state: ServerState, price: (symbol: string) => number, address: string, chain: string, m: Move) {
  const known = m.kind === 'trc20' ? state.tronTokens[m.token.address] : undefined
  const currency = m.kind === 'trx' ? { name: 'TRON', symbol: 'TRX', decimals: 6 } : { name: m.token.name, symbol: m.token.symbol, decimals: m.token.decimals }
  // A token the server does not know may be anyone's airdrop: shown as spam, at no price.
  const spam = m.kind === 'trc20' && !known
  const usd = spam ? 0 : price(known?.symbol ?? currency.symbol)
  const numeric = formatUnits(m.kind === 'trx' ? m.sun : m.amount, currency.decimals)
  const direction = m.from === address ? ('out' as const) : ('in' as const)
  return {
    id: `${chain}:${m.txID}`,
    metadata: {
      operationType: direction === 'out' ? ('send' as const) : ('receive' as const),
      hash: m.txID,
      minedAt: new Date(m.time).toISOString(),
      sentFrom: m.from,
      sentTo: m.to,
      status: m.kind === 'trx' && !m.success ? ('failed' as const) : ('confirmed' as const),
      nonce: null,
      chain,
    },
    transfers: [{
      fungible_info: { name: currency.name, symbol: currency.symbol, icon: { url: tokenIconUrl(state, currency.symbol) } },
      nft_info: { flags: { is_spam: spam } },
      direction,
      quantity: { numeric },
      value: Number(numeric) * usd,
      price: usd,
    }],
  }
}
