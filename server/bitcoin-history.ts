import * as v from 'valibot'
import { formatUnits } from 'viem'
import { tokenIconUrl } from './assets.ts'
import { bitcoinMovement, bitcoinTransactions, ESPLORA_CHAIN_PAGE } from './chain/bitcoin.ts'
import { priceTable } from './prices.ts'
import type { ServerState } from './state.ts'

// A Bitcoin page's cursor: base64url JSON of the last confirmed txid listed (Esplora's last_seen_txid).
const encodeCursor = (txid: string) => Buffer.from(JSON.stringify({ after: txid })).toString('base64url')
export const BitcoinCursor = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,300}$/, 'is not a cursor from this API'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return v.parse(v.object({ after: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)) }), JSON.parse(Buffer.from(dataset.value, 'base64url').toString('utf8'))).after
    } catch {
      addIssue({ message: 'is not a cursor from this API' })
      return NEVER
    }
  }),
)

/**
 * A Bitcoin address's transactions read live from the Esplora API, in the history endpoint's shape
 * (one BTC transfer each, in or out, the address's own change netted out). The first page is
 * Esplora's (the mempool's, then the newest confirmed); `next` follows with the older confirmed
 * ones, Esplora's pages of 25, while a page comes back full.
 */
export async function bitcoinHistoryPage(state: ServerState, address: string, chain: string, after?: string) {
  const txs = await bitcoinTransactions(state.bitcoinEsploraUrls[chain]!, address, after)
  const confirmed = txs.filter((tx) => tx.status.confirmed)
  const next = confirmed.length >= ESPLORA_CHAIN_PAGE ? encodeCursor(confirmed.at(-1)!.txid) : null
  const price = (await priceTable(state.db))('BTC')
  const data = txs.map((tx) => {
    const move = bitcoinMovement(tx, address)
    const numeric = formatUnits(move.sats, 8)
    const direction = move.direction === 'in' ? 'in' : 'out'
    return {
      id: `${chain}:${tx.txid}`,
      metadata: {
        operationType: direction === 'out' ? ('send' as const) : ('receive' as const),
        hash: tx.txid,
        minedAt: new Date((tx.status.block_time ?? Math.floor(Date.now() / 1000)) * 1000).toISOString(),
        sentFrom: direction === 'in' ? move.counterparty ?? '' : address,
        sentTo: direction === 'in' ? address : move.counterparty ?? address,
        status: tx.status.confirmed ? ('confirmed' as const) : ('pending' as const),
        nonce: null,
        chain,
      },
      transfers: [{
        fungible_info: { name: 'Bitcoin', symbol: 'BTC', icon: { url: tokenIconUrl(state, 'BTC') } },
        nft_info: { flags: { is_spam: false } },
        direction,
        quantity: { numeric },
        value: Number(numeric) * price,
        price,
      }],
    }
  })
  return { data, next }
}
