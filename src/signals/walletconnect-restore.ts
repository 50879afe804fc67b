import * as v from 'valibot'
import type { Store } from './store'
import { setAccountState } from './account'
import { NAMESPACES } from '../utils/caip'
import { readStored, WC_SESSION_KEY } from '../utils/storage'

/**
 * WalletConnect is built in (unless enableWalletConnect is false); this is all the loader holds
 * of it, so keep it this small. The connector is listed at once, on the first configured
 * namespace. The universal provider is created only when a WalletConnect view opens, or on
 * load when the last visit ended with a session: that comes back without a QR, its namespaces
 * showing 'connecting' meanwhile (lazy/walletconnect restoreSession).
 */
export function setupWalletConnect(store: Store, browser: boolean): void {
  const { connection, options } = store
  const chain = options.networks[0]!.chainNamespace
  const imageUrl = options.connectorImages?.walletConnect
  connection.connectors.value = [{ id: 'walletConnect', uid: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain, imageUrl }, ...connection.connectors.peek()]
  const namespaces = (browser && options.enableReconnect !== false && readStored(WC_SESSION_KEY, v.array(v.picklist(NAMESPACES)))) || []
  const mark = (status: 'connecting' | 'disconnected') => {
    connection.status.value = status === 'connecting' ? 'reconnecting' : status
    for (const namespace of namespaces) setAccountState(store, namespace, { status })
  }
  if (!namespaces.length) return
  mark('connecting')
  store.chunks.walletConnect!().then((m) => m.restoreSession(store, namespaces), () => mark('disconnected'))
}
