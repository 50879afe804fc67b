import type { ShallowRef } from 'vue'
import { signal } from '@preact/signals-core'
import type { ChainNamespace } from '../types'
import { activeConnection, connectionsOf, deleteConnection, switchConnection, type AppKitConnection, type ConnectionCallbacks } from '../kit/connections'
import { follow, requireKit } from './follow'

// AppKit's multi-wallet composables: empty unless the multiWallet remote feature is on.

export function useAppKitConnections(namespace?: ChainNamespace): ShallowRef<{ connections: AppKitConnection[]; recentConnections: AppKitConnection[] }> {
  const kit = requireKit('useAppKitConnections')
  const ns = namespace ?? kit.store.network.activeNamespace.peek()
  return follow((k) => ({ connections: k ? connectionsOf(k, ns) : [], recentConnections: [] as AppKitConnection[] }))
}

export interface UseAppKitConnectionReturn {
  connection: AppKitConnection | undefined
  isPending: boolean
  switchConnection: (params: { connection: AppKitConnection; address?: string }) => Promise<void>
  deleteConnection: (params: { address: string; connectorId: string }) => void
}

export function useAppKitConnection({ namespace, onSuccess, onError }: { namespace?: ChainNamespace } & ConnectionCallbacks = {}): ShallowRef<UseAppKitConnectionReturn> {
  const kit = requireKit('useAppKitConnection')
  const ns = namespace ?? kit.store.network.activeNamespace.peek()
  // A signal, so the followed value's isPending changes with it.
  const pending = signal(false)
  const actions = {
    switchConnection: async (params: { connection: AppKitConnection; address?: string }) => {
      pending.value = true
      try {
        await switchConnection(kit, ns, params, { onSuccess, onError })
      } finally {
        pending.value = false
      }
    },
    deleteConnection: (params: { address: string; connectorId: string }) => deleteConnection(kit, ns, params, { onSuccess }),
  }
  const inactive = { connection: undefined, isPending: false, switchConnection: () => Promise.resolve(undefined), deleteConnection: () => undefined }
  return follow((k): UseAppKitConnectionReturn => {
    const { multiWallet, current } = activeConnection(k ?? kit, ns)
    return multiWallet ? { connection: current, isPending: pending.value, ...actions } : inactive
  })
}
