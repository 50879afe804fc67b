import type { LocalChain } from '../chains/index.ts'
import { EvmChain } from './chain/evm.ts'

export interface AnalyticsEvent {
  query: { projectId: string; st?: string; sv?: string }
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
}

/** Everything the handlers share; one per server. */
export interface ServerState {
  /** The server's own base URL (for icon and avatar links), set once listening. */
  url: string
  evm: EvmChain[]
  projectIds: Set<string>
  allowedOrigins: string[]
  analyticsEnabled: boolean
  events: unknown[]
  solanaRpcUrl: string | undefined
}

export function createState(opts: {
  chains: LocalChain[]
  projectIds: string[]
  allowedOrigins: string[]
  analyticsEnabled: boolean
  solanaRpcUrl: string | undefined
}): ServerState {
  return {
    url: '',
    evm: opts.chains.map((c) => new EvmChain(c)),
    projectIds: new Set(opts.projectIds),
    allowedOrigins: [...opts.allowedOrigins],
    analyticsEnabled: opts.analyticsEnabled,
    events: [],
    solanaRpcUrl: opts.solanaRpcUrl,
  }
}

export function evmChainByCaip(state: ServerState, caip: string): EvmChain | undefined {
  return state.evm.find((c) => c.caip === caip)
}
