import { signal } from '@preact/signals-core'
import type { Connector, ConnectorType } from '../types'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

export interface Connection {
  connectorId: string
  namespace: string
  accounts: { address: string }[]
  chainId: string | number
}

export function createConnectionState() {
  return {
    status: signal<ConnectionStatus>('disconnected'),
    connectors: signal<Connector[]>([]),
    /** Keyed by connector uid. */
    connections: signal<Map<string, Connection>>(new Map()),
    activeConnectorUid: signal<string | undefined>(undefined),
  }
}

/** The order connector groups appear in lists (SPEC section 2). */
export const CONNECTOR_GROUP_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type ConnectorGroup = (typeof CONNECTOR_GROUP_ORDER)[number]

export function connectorGroup(type: ConnectorType): ConnectorGroup {
  if (type === 'WALLET_CONNECT') return 'walletConnect'
  if (type === 'EXTERNAL') return 'external'
  return 'injected'
}

