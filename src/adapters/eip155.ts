import type { ChainAdapter } from '../types'
import { lazyAdapter } from './lazy'
import { loadEip155 } from './chunks'

/**
 * The EVM adapter: EIP-6963 wallets, the legacy window.ethereum as 'Browser Wallet', chain reads
 * through viem. Only this factory is in the loader; discovery and the rest arrive in their own
 * chunk when createAppKit starts the adapter.
 */
/* @__NO_SIDE_EFFECTS__ */
export function eip155(): ChainAdapter {
  return lazyAdapter('eip155', () => loadEip155().then((m) => m.createEip155Adapter()))
}
