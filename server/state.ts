import type { RemoteConfigOptions } from './routes/appkit-config.ts'
import type { Fungible } from './assets.ts'
import { BalanceCache } from './balance-cache.ts'
import { EvmChain, type EvmChainOptions } from './chain/evm.ts'
import { fixtures } from './fixtures.ts'
import type { Db } from './db/index.ts'
import type { Indexer } from './indexer/index.ts'

export interface AnalyticsEvent {
  query: { projectId: string; st?: string; sv?: string }
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
}

/**
 * What one read of an address on a chain found: each holding with its amount, before prices.
 * `unpriced`: a token nobody vouched for, worth 0 whatever its symbol says.
 */
export type ChainHoldings = { fungible: Fungible; amount: bigint; unpriced?: true }[]

/** Everything the handlers share; one per server. */
export interface ServerState {
  /** The server's own base URL (for icon and avatar links), set once listening. */
  url: string
  db: Db
  evm: EvmChain[]
  projectIds: Set<string>
  /** The origin patterns of every project without a list of its own. */
  allowedOrigins: string[]
  /** A project's own origin patterns, by project id (auth/origins.ts). */
  projectOrigins: Map<string, string[]>
  analyticsEnabled: boolean
  solanaRpcUrl: string | undefined
  /** CAIP-2 ids the Solana RPC answers for; the first is the one reported. */
  solanaChainIds: string[]
  /** SPL mints vouched for, by mint: the catalogue's and any the options add. */
  solanaMints: Record<string, { name: string; symbol: string }>
  /** A TRON full node's HTTP API (TRON_API_URL) for TRON addresses on the balance endpoint. */
  tronApiUrl?: string
  /** CAIP-2 ids that TRON API answers for; the first is the one reported. */
  tronChainIds: string[]
  /** TRC-20 contracts (base58) whose balances are read, with the names they are shown by. */
  tronTokens: Record<string, { name: string; symbol: string }>
  /** An Esplora API for Bitcoin addresses (BITCOIN_ESPLORA_URL), and the CAIP-2 ids it answers for (the first reported). */
  bitcoinEsploraUrl?: string
  bitcoinChainIds: string[]
  /** The Esplora API of each Bitcoin network served (bitcoinChainIds' and any further ones'). */
  bitcoinEsploraUrls: Record<string, string>
  /** A toncenter v2 JSON-RPC endpoint for TON balances (TON_API_URL), and the CAIP-2 ids it answers for (the first reported). */
  tonApiUrl?: string
  tonChainIds: string[]
  /** Sui full nodes' JSON-RPC by CAIP-2 id (SUI_RPC_URLS): the Sui networks served, the first reported. */
  suiRpcUrls: Record<string, string>
  indexer: Indexer | undefined
  /** EVM and Solana balances read a moment ago, per (chain, address), shared by the requests for them. */
  balances: BalanceCache<ChainHoldings>
  /** The onramp sandbox provider page's origin, once it listens (onramp-sandbox.ts). */
  onrampSandboxUrl?: string
  /** The sandbox's Solana treasury (a 64-byte secret key): pays SOL, mints what it is authority of. */
  onrampSolanaTreasury?: Uint8Array
  /** What /appkit/v1/config answers: the configured projects' features and secure site (routes/appkit-config.ts). */
  remoteConfig?: RemoteConfigOptions
}

export const TRON_MAINNET = 'tron:0x2b6653dc'
/** TRON mainnet's USDT, read wherever the TRON API is mainnet's. */
const TRON_TOKENS: Record<string, { name: string; symbol: string }> = { TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t: { name: 'Tether USD', symbol: 'USDT' } }

export function createState(opts: {
  db: Db
  chains: EvmChainOptions[]
  projectIds: string[]
  allowedOrigins: string[]
  projectOrigins?: Record<string, string[]>
  analyticsEnabled: boolean
  solanaRpcUrl: string | undefined
  solanaChainIds: string[]
  solanaMints: Record<string, { name: string; symbol: string }>
  balanceMaxAgeMs?: number
  tronApiUrl?: string
  tronChainIds?: string[]
  tronTokens?: Record<string, { name: string; symbol: string }>
}): ServerState {
  return {
    url: '',
    db: opts.db,
    evm: opts.chains.map((c) => new EvmChain(c)),
    projectIds: new Set(opts.projectIds),
    allowedOrigins: [...opts.allowedOrigins],
    projectOrigins: new Map(Object.entries(opts.projectOrigins ?? {})),
    analyticsEnabled: opts.analyticsEnabled,
    solanaRpcUrl: opts.solanaRpcUrl,
    solanaChainIds: opts.solanaRpcUrl ? opts.solanaChainIds : [],
    solanaMints: { ...fixtures().networks.solana.tokens, ...opts.solanaMints },
    tronApiUrl: opts.tronApiUrl,
    tronChainIds: opts.tronApiUrl ? opts.tronChainIds ?? [TRON_MAINNET] : [],
    tronTokens: { ...TRON_TOKENS, ...opts.tronTokens },
    bitcoinChainIds: [],
    bitcoinEsploraUrls: {},
    tonChainIds: [],
    suiRpcUrls: {},
    indexer: undefined,
    balances: new BalanceCache({ maxAgeMs: opts.balanceMaxAgeMs }),
  }
}

export function evmChainByCaip(state: ServerState, caip: string): EvmChain | undefined {
  return state.evm.find((c) => c.caip === caip)
}

/** The chain ids this server answers for: its EVM chains, then its Solana ids, then its Bitcoin ones. */
export function servedChainIds(state: ServerState): string[] {
  return [...state.evm.map((c) => c.caip as string), ...state.solanaChainIds, ...state.tronChainIds, ...state.bitcoinChainIds, ...state.tonChainIds, ...Object.keys(state.suiRpcUrls)]
}

/** The reported Solana chain id, when a Solana RPC is configured. */
export const solanaChain = (state: ServerState): string | undefined => state.solanaChainIds[0]
