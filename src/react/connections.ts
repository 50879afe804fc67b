import { useMemo, useState } from 'react'
import type { ChainNamespace } from '../types'
import { activeConnection, connectionsOf, deleteConnection, switchConnection, type AppKitConnection, type ConnectionCallbacks } from '../kit/connections'
import { requireKit, useKitValue } from './store'

export type { AppKitConnection } from '../kit/connections'

export function useAppKitConnections(namespace?: ChainNamespace) {
  const kit = requireKit('useAppKitConnections')
  const ns = namespace ?? kit.store.network.activeNamespace.peek()
  const connections = useKitValue('useAppKitConnections', (k) => ({ list: connectionsOf(k, ns) }), [ns])
  return useMemo(() => ({ connections: connections.list, recentConnections: [] as AppKitConnection[] }), [connections])
}

export function useAppKitConnection({ namespace, onSuccess, onError }: { namespace?: ChainNamespace } & ConnectionCallbacks = {}) {
  const kit = requireKit('useAppKitConnection')
  const ns = namespace ?? kit.store.network.activeNamespace.peek()
  const [isPending, setPending] = useState(false)
  const connection = useKitValue('useAppKitConnection', (k) => activeConnection(k, ns), [ns])
  return useMemo(() => {
    if (!connection.multiWallet) {
      return { connection: undefined, isPending: false, switchConnection: () => Promise.resolve(undefined), deleteConnection: () => ({}) }
    }
    return {
      connection: connection.current,
      isPending,
      switchConnection: async (params: { connection: AppKitConnection; address?: string }) => {
        setPending(true)
        try {
          await switchConnection(kit, ns, params, { onSuccess, onError })
        } finally {
          setPending(false)
        }
      },
      deleteConnection: (params: { address: string; connectorId: string }) => deleteConnection(kit, ns, params, { onSuccess }),
    }
  }, [kit, ns, connection, isPending, onSuccess, onError])
}
