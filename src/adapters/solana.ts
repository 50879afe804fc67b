import type { ChainAdapter } from '../types'
import { lazyAdapter } from './lazy'
import { loadSolana, loadSolanaWallets } from './chunks'

/**
 * The Solana adapter: Wallet Standard wallets, reads through @solana/kit. Only this factory is
 * in the loader; the adapter and the Wallet Standard registry arrive in their own chunks (fetched
 * together) when createAppKit starts the adapter, @solana/kit only when a balance is read.
 */
/* @__NO_SIDE_EFFECTS__ */
export function solana(): ChainAdapter {
  return lazyAdapter('solana', () =>
    Promise.all([loadSolana(), loadSolanaWallets()]).then(([adapter, standard]) => adapter.createSolanaAdapter(standard.getWallets)),
  )
}
