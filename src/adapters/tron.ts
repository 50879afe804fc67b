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
  let loaded: ChainAdapter | undefined
  const adapter = lazyAdapter('tron', () => loadTron().then((m) => (loaded = m.createTronAdapter(walletAdapters))))
  // The WalletConnect connector lives in the adapter's chunk, loaded by setup (like getProvider, it answers once loaded).
  adapter.walletConnectProvider = (provider, state) => loaded?.walletConnectProvider?.(provider, state)
  return adapter
}
