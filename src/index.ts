import { parseOptions, type AppKitOptions } from './signals/options'
import { createStore } from './signals/store'
import { createKit } from './kit'
import { loadActions, loadAnalytics, loadModal, loadEmbedded, loadRuntime, loadWalletConnect } from './chunks'
import { setCurrentInstance } from './instance'
import { defineElements } from './elements/define'
import { hasDom } from './utils/platform'
import { applyTheme } from './signals/theme'
import { emitEvent } from './signals/events'
import { setupWalletConnect } from './signals/walletconnect-restore'

export type { AppKitOptions } from './signals/options'
export type { AppKit, AppKitState, AccountSnapshot, NetworkSnapshot } from './kit'
export type { Network } from './networks'
export type { ChainAdapter, Connector, AdapterContext, ConnectResult } from './types'
export type { ModalEvent } from './signals/events'
export type * from './appkit-types'
export { PosternError } from './utils/posterror'

// After the next frame's paint; a hidden tab (no frames) waits 100 ms at most.
const afterPaint = () => new Promise((done) => (requestAnimationFrame(() => setTimeout(done)), setTimeout(done, 100)))

export const PROJECT_ID_ALERT = 'Project ID Not Configured'

/**
 * Validates the options once, builds this instance's state and, in a browser, defines the
 * custom elements and starts the adapters. Safe to call during server rendering.
 */
export function createAppKit(input: AppKitOptions) {
  // The modal's code is fetched at once: an open() made with createAppKit finds it under way.
  if (hasDom()) loadModal().catch(() => undefined)
  const options = parseOptions(input)
  const store = createStore(options, { walletConnect: loadWalletConnect, embedded: loadEmbedded })
  const kit = createKit(store)
  setCurrentInstance(kit)
  // AppKit's INITIALIZE: the options as given, less adapters and provider, networks by id.
  const { adapters: _a, universalProvider: _u, ...given } = input as AppKitOptions & Record<string, unknown>
  emitEvent(store, 'INITIALIZE', { ...given, networks: options.networks.map((n) => n.id) })
  if (!options.projectId) {
    console.error(`[postern] ${PROJECT_ID_ALERT}: pass projectId to createAppKit`)
    kit.subscribeState((state) => state.open && loadActions().then((m) => m.showToast(store, 'error', PROJECT_ID_ALERT)))
  }
  if (options.enableWalletConnect !== false) setupWalletConnect(store, hasDom())
  if (hasDom()) {
    defineElements()
    applyTheme(store, document)
    // The runtime starts once: on the first use that needs the adapters started (wallet.ts, the
    // headless hooks call store.ui.start), else after a first open's paint when open() came with
    // createAppKit (its parse and run cost that paint about 20 ms), else at once.
    if (options.adapters.length) {
      let started: Promise<unknown> | undefined
      const start = (store.ui.start = () =>
        (started ??= loadRuntime().then((m) => (store.ui.runtime = m).startAdapters(store)).catch((error) => {
          started = undefined // a failed chunk load may succeed on the next use
          throw error
        })))
      queueMicrotask(() =>
        Promise.resolve(store.ui.mounting?.then(() => store.ui.shown).then(afterPaint))
          .catch(() => undefined)
          .then(start)
          .catch((error) => console.error('[postern] could not load the connection runtime', error)),
      )
    }
    // The event sender is its own chunk; it reads the project's switch before sending anything.
    // 300 ms later: a modal opened at load paints before the sender's chunks compete with it.
    if (options.features.analytics) setTimeout(() => loadAnalytics().then((m) => m.startAnalytics(store), () => undefined), 300)
  }
  return kit
}
