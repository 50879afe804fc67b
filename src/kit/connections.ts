import type { AppKit } from '../kit'
import type { ChainNamespace, Network } from '../types'
import { accountFor } from '../signals/account'
import { loadRuntime } from '../chunks'

// AppKit's multi-wallet hooks (React and Vue). As in AppKit, they list nothing unless the
// multiWallet remote feature is on (kit.updateRemoteFeatures({ multiWallet: true })).

export interface AppKitConnection {
  connectorId: string
  accounts: { address: string; type?: string }[]
  caipNetwork?: Network
  name?: string
  icon?: string
  networkIcon?: string
}

export interface ConnectionChange { address: string; namespace: ChainNamespace; hasSwitchedAccount: boolean; hasSwitchedWallet: boolean; hasDeletedWallet: boolean }
export interface ConnectionCallbacks { onSuccess?: (change: ConnectionChange) => void; onError?: (error: Error) => void }

export function connectionsOf(kit: AppKit, namespace: ChainNamespace): AppKitConnection[] {
  const { store } = kit
  if (!store.remoteFeatures.value.multiWallet) return []
  const connectors = store.connection.connectors.value
  return [...store.connection.connections.value.values()].filter((c) => c.namespace === namespace).map((c) => {
    const connector = connectors.find((x) => x.id === c.connectorId && x.chain === namespace)
    const caipNetwork = store.network.networks.value.find((n) => n.chainNamespace === namespace && String(n.id) === String(c.chainId))
    return {
      name: connector?.name, icon: store.options.connectorImages?.[c.connectorId] ?? connector?.imageUrl,
      networkIcon: caipNetwork && store.options.chainImages?.[caipNetwork.id as never], connectorId: c.connectorId, accounts: c.accounts, caipNetwork,
    }
  })
}

/** The namespace's active connection, and whether the multiWallet feature is on. */
export function activeConnection(kit: AppKit, namespace: ChainNamespace) {
  const active = accountFor(kit.store, namespace).connectorId
  return { multiWallet: !!kit.store.remoteFeatures.value.multiWallet, current: connectionsOf(kit, namespace).find((c) => c.connectorId.toLowerCase() === active?.toLowerCase()) }
}

/** Makes `target` the namespace's active connection (connecting its wallet when another is active). */
export async function switchConnection(kit: AppKit, ns: ChainNamespace, { connection: target, address }: { connection: AppKitConnection; address?: string }, { onSuccess, onError }: ConnectionCallbacks) {
  try {
    await kit.store.ui.start?.()
    const before = accountFor(kit.store, ns)
    const connector = kit.store.connection.connectors.peek().find((c) => c.id === target.connectorId && c.chain === ns)
    if (!connector) throw new Error(`No connector ${target.connectorId} in ${ns}`)
    if (before.connectorId !== connector.id) await (await loadRuntime()).connectWallet(kit.store, connector)
    const after = accountFor(kit.store, ns)
    onSuccess?.({ address: address ?? after.address ?? '', namespace: ns, hasSwitchedAccount: before.address !== after.address, hasSwitchedWallet: before.connectorId !== after.connectorId, hasDeletedWallet: false })
  } catch (error) {
    onError?.(error instanceof Error ? error : new Error('Something went wrong'))
  }
}

/** Forgets one address of a connector's connection (the connection goes when it has none left). */
export function deleteConnection(kit: AppKit, ns: ChainNamespace, { address, connectorId }: { address: string; connectorId: string }, { onSuccess }: ConnectionCallbacks) {
  const next = new Map(kit.store.connection.connections.peek())
  for (const [uid, c] of next) if (c.connectorId === connectorId && c.namespace === ns) next.set(uid, { ...c, accounts: c.accounts.filter((a) => a.address !== address) })
  for (const [uid, c] of next) if (!c.accounts.length) next.delete(uid)
  kit.store.connection.connections.value = next
  onSuccess?.({ address, namespace: ns, hasSwitchedAccount: false, hasSwitchedWallet: false, hasDeletedWallet: true })
}
