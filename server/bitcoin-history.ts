import { formatUnits } from 'viem'
import { tokenIconUrl } from './assets.ts'
import { bitcoinMovement, bitcoinTransactions } from './chain/bitcoin.ts'
import { priceTable } from './prices.ts'
import type { ServerState } from './state.ts'

/**
 * A Bitcoin address's transactions read live from the Esplora API, in the history endpoint's shape
 * (one BTC transfer each, in or out, the address's own change netted out). Esplora's first page: the
 * mempool's and the newest confirmed ones; no cursor follows.
 */
export async function bitcoinHistoryPage(state: ServerState, address: string, chain: string) {
  const txs = await bitcoinTransactions(state.bitcoinEsploraUrl!, address)
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
  return { data, next: undefined }
}
