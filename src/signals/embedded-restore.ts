import * as v from 'valibot'
import type { Store } from './store'
import { readStored } from '../utils/storage'
import { EMBEDDED_KEYS } from '../utils/embedded-keys'
import { markRestoring, wasConnected } from './reconnect'

/**
 * SPEC section 4, as AppKit restores its auth connector on load: when the last visit ended logged
 * in to the embedded wallet, its chunk (secure frame, AUTH connector and driver) joins before the
 * adapters reconnect, so the eip155 reconnect asks the frame first and no new login is needed.
 */
export async function joinEmbedded(store: Store): Promise<void> {
  // The embedded wallet connects through the eip155 adapter's reconnect: without one, nothing restores it.
  if (!store.options.adapters.some((a) => a.namespace === 'eip155')) return
  if (store.options.enableReconnect === false || readStored(EMBEDDED_KEYS.emailLoginUsed, v.boolean()) !== true || !wasConnected()) return
  markRestoring(store, ['eip155'])
  await store.chunks.embedded?.().then((m) => m.embeddedFor(store), (error: unknown) => console.error('[postern] could not load the embedded wallet', error))
}
