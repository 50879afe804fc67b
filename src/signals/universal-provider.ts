import type { Store } from './store'
import { emitEvent } from './events'

/** AppKit's getUniversalProvider: the WalletConnect universal provider, created on first ask; undefined when WalletConnect is off or fails to start. */
export async function universalProvider(store: Store): Promise<unknown> {
  if (store.options.enableWalletConnect === false) return undefined
  try {
    return await (await store.chunks.walletConnect?.())?.providerFor(store)
  } catch (error) {
    emitEvent(store, 'INTERNAL_SDK_ERROR', { errorType: 'UniversalProviderInitError', errorMessage: error instanceof Error ? error.message : 'Unknown', uncaught: false })
    console.error('[postern] getUniversalProvider', error)
    return undefined
  }
}
