import * as v from 'valibot'
import { checksumAddress, formatUnits } from 'viem'
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

// The page order: newest first, then chain, block and index in block; the hash breaks what ties remain.
const ORDER = 'time DESC, chain DESC, block_number DESC, tx_index DESC, tx_hash DESC'

/**
 * The transactions of one page (and one more, to tell whether another follows): the first of each
 * side of the address's transfers, read in page order from its index (migration 016), merged.
 */
function pageQuery(me: string, chainId: string | undefined, cursor: HistoryKey | undefined): [string, unknown[]] {
  const params: unknown[] = [me]
  const param = (value: unknown, type: string) => (params.push(value), `$${params.length}::${type}`)
  const onChain = chainId === undefined ? '' : ` AND chain = ${param(chainId, 'text')}`
  const after = cursor === undefined
    ? ''
    : ` AND (time, chain, block_number, tx_index) < (${param(cursor[0], 'bigint')}, ${param(cursor[1], 'text')}, ${param(cursor[2], 'bigint')}, ${param(cursor[3], 'integer')})`
  const side = (column: string) => `(SELECT DISTINCT time, chain, block_number, tx_index, tx_hash FROM transfers
     WHERE ${column} = $1${onChain}${after} ORDER BY ${ORDER} LIMIT ${HISTORY_PAGE_SIZE + 1})`
  return [`SELECT chain, tx_hash, time, block_number, tx_index FROM (${side('from_address')} UNION ${side('to_address')}) AS sides
     ORDER BY ${ORDER} LIMIT ${HISTORY_PAGE_SIZE + 1}`, params]
}

/** One page of an address's transactions that moved value, each with its transfers touching the address. */
export async function historyPage(state: ServerState, address: string, opts: { chainId?: string; cursor?: HistoryKey }) {
  const me = address.startsWith('0x') ? address.toLowerCase() : address
  const [txs, price] = await Promise.all([state.db.query<TxRow>(...pageQuery(me, opts.chainId, opts.cursor)), priceTable(state.db)])
  const page = txs.slice(0, HISTORY_PAGE_SIZE)
  // The page's moves by hash (two arrays plan in a blink, unlike a list of pairs), in page order.
  const moves = page.length === 0 ? [] : await state.db.query<MoveRow>(
    `SELECT t.*, k.name, k.symbol, k.decimals, k.spam FROM transfers t
     LEFT JOIN tokens k ON k.chain = t.chain AND k.address = t.asset
     WHERE t.chain = ANY($2::text[]) AND t.tx_hash = ANY($3::text[]) AND (t.from_address = $1 OR t.to_address = $1)
     ORDER BY ${ORDER.replace(/(\w+ DESC)/g, 't.$1')}, t.log_index`,
    [me, [...new Set(page.map((t) => t.chain))], page.map((t) => t.tx_hash)],
  )
  const onPage = new Set(page.map((t) => `${t.chain} ${t.tx_hash}`))
  const data = groupByTransaction(moves.filter((m) => onPage.has(`${m.chain} ${m.tx_hash}`))).map((m) => toItem(state, price, me, m[0]!, m))
  const last = page.at(-1)
  const next = txs.length > page.length && last ? encodeCursor([Number(last.time), last.chain, Number(last.block_number), last.tx_index]) : null
  return { data, next }
}

/** Consecutive rows of one transaction, together (the rows come in page order). */
function groupByTransaction(rows: MoveRow[]): MoveRow[][] {
  const groups: MoveRow[][] = []
  for (const row of rows) {
    const group = groups.at(-1)
    if (group && group[0]!.chain === row.chain && group[0]!.tx_hash === row.tx_hash) group.push(row)
    else groups.push([row])
  }
  return groups
}

// viem's getAddress keeps its checks in LRU maps whose upkeep took about 5 % of a history page's
// time in the profile; the same addresses come back page after page, so their spelling is kept here.
const checksums = new Map<string, string>()
const CHECKSUMS_MAX = 10_000

function display(chain: string, a: string): string {
  if (!chain.startsWith('eip155:') || !/^0x[0-9a-f]{40}$/.test(a)) return a
  let shown = checksums.get(a)
  if (shown === undefined) {
    if (checksums.size >= CHECKSUMS_MAX) checksums.clear()
    checksums.set(a, (shown = checksumAddress(a as `0x${string}`)))
  }
  return shown
}

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
