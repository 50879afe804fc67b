import { useMemo, useState } from 'react'
import type { AppKit } from '../kit'
import type { ChainNamespace, Network } from '../types'
import { accountFor } from '../signals/account'
import { loadRuntime } from '../chunks'
import { requireKit, useKitValue } from './store'

// AppKit's multi-wallet hooks. As in AppKit, they list nothing unless the multiWallet remote
// feature is on (kit.updateRemoteFeatures({ multiWallet: true })).

export interface AppKitConnection {
  connectorId: string
  accounts: { address: string; type?: string }[]
  caipNetwork?: Network
  name?: string
  icon?: string
  networkIcon?: string
}

function connectionsOf(kit: AppKit, namespace: ChainNamespace): AppKitConnection[] {
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

export function useAppKitConnections(namespace?: ChainNamespace) {
  const kit = requireKit('useAppKitConnections')
  const ns = namespace ?? kit.store.network.activeNamespace.peek()
  const connections = useKitValue('useAppKitConnections', (k) => ({ list: connectionsOf(k, ns) }), [ns])
  return useMemo(() => ({ connections: connections.list, recentConnections: [] as AppKitConnection[] }), [connections])
}

interface ConnectionChange { address: string; namespace: ChainNamespace; hasSwitchedAccount: boolean; hasSwitchedWallet: boolean; hasDeletedWallet: boolean }

export function useAppKitConnection({ namespace, onSuccess, onError }: { namespace?: ChainNamespace; onSuccess?: (change: ConnectionChange) => void; onError?: (error: Error) => void } = {}) {
  const kit = requireKit('useAppKitConnection')
  const ns = namespace ?? kit.store.network.activeNamespace.peek()
  const [isPending, setPending] = useState(false)
  const connection = useKitValue('useAppKitConnection', (k) => {
    const active = accountFor(k.store, ns).connectorId
    return { multiWallet: !!k.store.remoteFeatures.value.multiWallet, current: connectionsOf(k, ns).find((c) => c.connectorId.toLowerCase() === active?.toLowerCase()) }
  }, [ns])
  return useMemo(() => {
    if (!connection.multiWallet) {
      return { connection: undefined, isPending: false, switchConnection: () => Promise.resolve(undefined), deleteConnection: () => ({}) }
    }
    const switchConnection = async ({ connection: target, address }: { connection: AppKitConnection; address?: string }) => {
      setPending(true)
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
      } finally {
        setPending(false)
      }
    }
    const deleteConnection = ({ address, connectorId }: { address: string; connectorId: string }) => {
      const next = new Map(kit.store.connection.connections.peek())
      for (const [uid, c] of next) if (c.connectorId === connectorId && c.namespace === ns) next.set(uid, { ...c, accounts: c.accounts.filter((a) => a.address !== address) })
      for (const [uid, c] of next) if (!c.accounts.length) next.delete(uid)
      kit.store.connection.connections.value = next
      onSuccess?.({ address, namespace: ns, hasSwitchedAccount: false, hasSwitchedWallet: false, hasDeletedWallet: true })
    }
    return { connection: connection.current, isPending, switchConnection, deleteConnection }
  }, [kit, ns, connection, isPending, onSuccess, onError])
}
