import type { ChainAdapter } from '../types'
import { lazyAdapter } from './lazy'
import { loadSolanaWallets } from './chunks'

// Not in ./chunks: the classic CDN script has no Bitcoin adapter, so only the ESM build splits this chunk.
const loadBitcoin = () => import('./bitcoin/adapter')

/**
 * The Bitcoin adapter: Wallet Standard wallets with bitcoin:connect, balances from the network's
 * Esplora API. Only this factory is in the loader; the adapter and the Wallet Standard registry
 * arrive in their own chunks when createAppKit starts it, @scure/btc-signer only when a transfer is built.
 */
/* @__NO_SIDE_EFFECTS__ */
export function bitcoin(): ChainAdapter {
  return lazyAdapter('bip122', () =>
    Promise.all([loadBitcoin(), loadSolanaWallets()]).then(([adapter, standard]) => adapter.createBitcoinAdapter(standard.getWallets)),
  )
}
