/**
 * The connection runtime: starting adapters, reconnecting, connecting, switching and
 * disconnecting. Loaded after the loader (at createAppKit in a browser), so buttons render first.
 */
import type { Store } from './store'
import { startAdapters as start } from './adapters'
import { joinEmbedded } from './embedded-restore'
import { prepareModalWhenIdle } from './modal-prepare'
import { loadRemoteConfig } from './remote-config'

/**
 * The embedded wallet of the last visit, if any, joins first; then every adapter starts. A modal
 * not yet opened gets its host ready once the page is idle (modal-prepare.ts).
 */
export async function startAdapters(store: Store): Promise<void> {
  // The project's remote configuration (e-mail, socials, its secure site), never awaited.
  loadRemoteConfig(store).catch(() => undefined)
  prepareModalWhenIdle(store)
  await joinEmbedded(store)
  start(store)
}
export { connectWallet, disconnectWallet, switchNetwork, refreshBalance, updateNativeBalance } from './wallet'
export { syncIdentity } from './profile'
export * from './setters'
