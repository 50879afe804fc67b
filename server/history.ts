import * as v from 'valibot'
import { formatUnits, getAddress } from 'viem'
import { tokenIconUrl } from './assets.ts'
import { fixtures, nativeCurrency } from './fixtures.ts'
import { priceTable } from './prices.ts'
import type { ServerState } from './state.ts'

export const HISTORY_PAGE_SIZE = 20

/** Sort key of a transaction, newest first: block time, chain, block number, index in block. */
export type HistoryKey = [number, string, number, number]
const KeySchema = v.tuple([v.number(), v.string(), v.number(), v.number()])

// The cursor is opaque to clients: base64url JSON of the last item's sort key.
export const encodeCursor = (key: HistoryKey) => Buffer.from(JSON.stringify(key)).toString('base64url')
export const Cursor = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,300}$/, 'is not a cursor from this API'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return v.parse(KeySchema, JSON.parse(Buffer.from(dataset.value, 'base64url').toString('utf8'))) as HistoryKey
    } catch {
      addIssue({ message: 'is not a cursor from this API' })
      return NEVER
    }
  }),
)

interface TxRow extends Record<string, unknown> {
  chain: string
  tx_hash: string
  time: string
  block_number: string
  tx_index: number
}
interface MoveRow extends TxRow {
  log_index: number
  tx_from: string
  tx_to: string | null
  nonce: number | null
  asset: string
  from_address: string
  to_address: string
  amount: string
  name: string | null
  symbol: string | null
  decimals: number | null
  spam: boolean | null
}

/** One page of an address's transactions that moved value, each with its transfers touching the address. */
export async function historyPage(state: ServerState, address: string, opts: { chainId?: string; cursor?: HistoryKey }) {
  const me = address.startsWith('0x') ? address.toLowerCase() : address
  const c = opts.cursor
  const txs = await state.db.query<TxRow>(
    `SELECT chain, tx_hash, max(time) AS time, max(block_number) AS block_number, max(tx_index) AS tx_index
     FROM transfers WHERE (from_address = $1 OR to_address = $1) AND ($2::text IS NULL OR chain = $2)
     GROUP BY chain, tx_hash
     HAVING $3::bigint IS NULL OR (max(time), chain, max(block_number), max(tx_index)) < ($3::bigint, $4::text, $5::bigint, $6::integer)
     ORDER BY time DESC, chain DESC, block_number DESC, tx_index DESC LIMIT ${HISTORY_PAGE_SIZE + 1}`,
    [me, opts.chainId ?? null, c?.[0] ?? null, c?.[1] ?? null, c?.[2] ?? null, c?.[3] ?? null],
  )
  const page = txs.slice(0, HISTORY_PAGE_SIZE)
  const moves = page.length === 0 ? [] : await state.db.query<MoveRow>(
    `SELECT t.*, k.name, k.symbol, k.decimals, k.spam FROM transfers t
     LEFT JOIN tokens k ON k.chain = t.chain AND k.address = t.asset
     WHERE (t.chain, t.tx_hash) IN (${page.map((_, i) => `($${2 * i + 2}, $${2 * i + 3})`).join(', ')})
       AND (t.from_address = $1 OR t.to_address = $1)
     ORDER BY t.log_index`,
    [me, ...page.flatMap((t) => [t.chain, t.tx_hash])],
  )
  const price = await priceTable(state.db)
  const data = page.map((t) => toItem(state, price, me, t, moves.filter((m) => m.chain === t.chain && m.tx_hash === t.tx_hash)))
  const last = page.at(-1)
  const next = txs.length > page.length && last ? encodeCursor([Number(last.time), last.chain, Number(last.block_number), last.tx_index]) : null
  return { data, next }
}

const display = (chain: string, a: string) => (chain.startsWith('eip155:') && /^0x[0-9a-f]{40}$/.test(a) ? getAddress(a) : a)

function currencyOf(chain: string, m: MoveRow) {
  if (m.asset !== 'native') return { name: m.name ?? m.asset, symbol: m.symbol ?? '', decimals: m.decimals ?? 0, spam: m.spam ?? true }
  const native = chain.startsWith('eip155:') ? nativeCurrency(Number(chain.slice(7))) : fixtures().networks.solana.native
  return { ...native, spam: false }
}

function toItem(state: ServerState, price: (symbol: string) => number, me: string, t: TxRow, moves: MoveRow[]) {
  const transfers = moves.flatMap((m) => {
    const cur = currencyOf(t.chain, m)
    const numeric = formatUnits(BigInt(m.amount), cur.decimals)
    const usd = cur.spam ? 0 : price(cur.symbol)
    const one = (direction: 'in' | 'out') => ({
      fungible_info: { name: cur.name, symbol: cur.symbol, icon: { url: tokenIconUrl(state, cur.symbol) } },
      nft_info: { flags: { is_spam: cur.spam } },
      direction,
      quantity: { numeric },
      value: Number(numeric) * usd,
      price: usd,
    })
    return [...(m.from_address === me ? [one('out')] : []), ...(m.to_address === me ? [one('in')] : [])]
  })
  // The counterparties shown: the native transfer's, else the first move.
  const parties = moves.find((m) => m.asset === 'native') ?? moves[0]
  const first = moves[0]
  return {
    id: `${t.chain}:${t.tx_hash}`,
    metadata: {
      operationType: transfers.some((x) => x.direction === 'out') ? ('send' as const) : ('receive' as const),
      hash: t.tx_hash,
      minedAt: new Date(Number(t.time) * 1000).toISOString(),
      sentFrom: display(t.chain, parties?.from_address ?? first?.tx_from ?? ''),
      sentTo: display(t.chain, parties?.to_address ?? ''),
      status: 'confirmed' as const,
      nonce: first?.nonce ?? null,
      chain: t.chain,
    },
    transfers,
  }
}
