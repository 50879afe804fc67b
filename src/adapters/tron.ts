import type { ChainAdapter } from '../types'
import { lazyAdapter } from './lazy'
import { loadTron } from './chunks'
import type { TronWalletAdapter } from '../utils/tron/types'

/**
 * The TRON adapter over the site's wallet adapters: only this factory is in the loader; the
 * adapter (its encoding, the node client) arrives in its own chunk when createAppKit starts it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function tron(walletAdapters: readonly TronWalletAdapter[] = []): ChainAdapter {
  return lazyAdapter('tron', () => loadTron().then((m) => m.createTronAdapter(walletAdapters)))
}
