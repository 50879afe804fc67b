import * as v from 'valibot'
import type { Store } from './store'
import type { ChainAdapter } from '../types'
import { readStored } from '../utils/storage'
import { STORAGE_KEYS } from '../utils/storage-keys'
import { accountFor, setAccountState } from './account'
import { applyConnection, applyPurposeAccounts, forgetConnection, refreshBalance } from './wallet'
import { findNetwork } from './network'
import { refreshProfile } from './profile'

/** Whether the last visit ended connected: then the account shows 'connecting' while restoring. */
export function wasConnected(): boolean {
  return readStored(STORAGE_KEYS.connectionStatus, v.picklist(['connected', 'disconnected'])) === 'connected'
    && readStored(STORAGE_KEYS.disconnected, v.boolean()) !== true
}

export function markRestoring(store: Store, namespaces: readonly string[]): void {
  store.connection.status.value = 'reconnecting'
  for (const namespace of namespaces) setAccountState(store, namespace as never, { status: 'connecting' })
}

/**
 * SPEC section 4: the recent connector first, then the others, skipping wallets that have not
 * authorised this site and providers already tried; connected if one answers, else disconnected.
 * `restoring` is read once per page load by the caller: a namespace that fails first must not
 * erase, for the others, the record that the last visit ended connected.
 */
export async function reconnectNamespace(store: Store, adapter: ChainAdapter, restoring = wasConnected()): Promise<boolean> {
  const namespace = adapter.namespace
  const recent = readStored(STORAGE_KEYS.recentConnectorId, v.string())
  const candidates = store.connection.connectors.peek().filter((c) => c.chain === namespace && c.type !== 'WALLET_CONNECT')
  const ordered = [...candidates.filter((c) => c.id === recent), ...candidates.filter((c) => c.id !== recent)]
  const network = networkFor(store, namespace)
  const tried = new Set<unknown>()
  if (adapter.reconnect && network && restoring) {
    for (const connector of ordered) {
      // A connector with a driver of its own (the embedded wallet's AUTH) reconnects through it.
      const driver = store.drivers.get(connector.id) ?? adapter
      const provider = driver.getProvider?.(connector.id, namespace)
      if (provider && tried.has(provider)) continue
      tried.add(provider)
      try {
        const result = await driver.reconnect?.(connector.id, network)
        if (!result) continue
        if (accountFor(store, namespace).status === 'connected') return true // a connect won the race
        applyConnection(store, connector, result.address, result.chainId, { activate: shouldActivate(store, namespace) })
        applyPurposeAccounts(store, namespace, result)
        void refreshBalance(store, namespace)
        void refreshProfile(store, namespace)
        return true
      } catch {
        // this wallet cannot restore; try the next
      }
    }
  }
  if (accountFor(store, namespace).status !== 'connected') {
    forgetConnection(store, namespace, { remember: false })
  }
  return false
}

function networkFor(store: Store, namespace: string) {
  const networks = store.network.networks.peek()
  const chosen = store.network.byNamespace.peek()[namespace as never]
  return (chosen && findNetwork(networks, chosen)) ?? networks.find((n) => n.chainNamespace === namespace)
}

/** On reload the namespace that was active last time comes back to the front, whatever finishes first. */
function shouldActivate(store: Store, namespace: string): boolean {
  const stored = readStored(STORAGE_KEYS.activeCaipNetworkId, v.string())
  const someoneConnected = [...store.connection.connections.peek().values()].some((c) => c.namespace !== namespace)
  return stored ? stored.startsWith(`${namespace}:`) || !someoneConnected : !someoneConnected
}
