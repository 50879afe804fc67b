// AppKit's useAppKitConnection (@reown/appkit-adapter-solana/react): a @solana/web3.js Connection
// to the selected Solana network's first RPC endpoint (the site's customRpcUrls and rpcUrls first),
// with the SolanaAdapter's connectionSettings, renewed when that network changes, as AppKit's is.
import { useEffect, useMemo, useState } from 'react'
import type { Commitment, Connection, ConnectionConfig } from '@solana/web3.js'
import type { Store } from '../signals/store'
import { rpcUrlFor } from '../signals/adapters'
import { useKitValue } from './store'

export interface SolanaEndpoint {
  url: string
  settings: Commitment | ConnectionConfig
}

/**
 * The Solana network AppKit's connection points at: the active one when it is Solana, else the
 * one last chosen in Solana, else the site's first Solana network; undefined without any.
 */
export function solanaEndpoint(store: Store): SolanaEndpoint | undefined {
  const networks = store.network.networks.value.filter((n) => n.chainNamespace === 'solana')
  const active = store.network.activeNetwork.value
  const chosen = store.network.byNamespace.value.solana
  const network = active.chainNamespace === 'solana' ? active : networks.find((n) => n.caipNetworkId === chosen) ?? networks[0]
  if (!network) return undefined
  const adapter = store.options.adapters.find((a) => a.namespace === 'solana') as { connectionSettings?: SolanaEndpoint['settings'] } | undefined
  const settings = adapter?.connectionSettings ?? 'confirmed'
  const url = rpcUrlFor(store, network)
  return url ? { url, settings } : undefined
}

const connections = new Map<string, Promise<Connection>>()
const keyOf = (endpoint: SolanaEndpoint) => `${endpoint.url} ${JSON.stringify(endpoint.settings)}`

/** One Connection per endpoint and settings, shared by every component (AppKit keeps one in its store). */
export function connectionFor(endpoint: SolanaEndpoint): Promise<Connection> {
  const key = keyOf(endpoint)
  let pending = connections.get(key)
  if (!pending) {
    pending = import('../lazy/solana/connection').then((m) => m.createConnection(endpoint.url, endpoint.settings))
    pending.catch(() => connections.delete(key))
    connections.set(key, pending)
  }
  return pending
}

export function useAppKitConnection(): { connection: Connection | undefined } {
  const endpoint = useKitValue('useAppKitConnection', (kit) => solanaEndpoint(kit.store))
  const key = endpoint && keyOf(endpoint)
  const [held, setHeld] = useState<{ key: string; connection: Connection }>()
  useEffect(() => {
    if (!endpoint || !key) return
    let live = true
    connectionFor(endpoint).then(
      (connection) => live && setHeld({ key, connection }),
      (error: unknown) => console.error('useAppKitConnection: the Solana connection could not be created', error),
    )
    return () => void (live = false)
  }, [key])
  const connection = held && held.key === key ? held.connection : undefined
  return useMemo(() => ({ connection }), [connection])
}
