/**
 * The connection runtime: starting adapters, reconnecting, connecting, switching and
 * disconnecting. Loaded after the loader (at createAppKit in a browser), so buttons render first.
 */
import type { Store } from './store'
import { startAdapters as start } from './adapters'
import { joinEmbedded } from './embedded-restore'

/** The embedded wallet of the last visit, if any, joins first; then every adapter starts. */
export async function startAdapters(store: Store): Promise<void> {
  await joinEmbedded(store)
  start(store)
}
export { connectWallet, disconnectWallet, switchNetwork, refreshBalance, updateNativeBalance } from './wallet'
export { syncIdentity } from './profile'
export * from './setters'
