import * as v from 'valibot'

/** Storage keys of SPEC section 3, under one prefix so a site's own keys never clash. */
export const STORAGE_KEYS = {
  recentConnectorId: '@postern/recent_connector_id',
  connectedNamespaces: '@postern/connected_namespaces',
  connectionStatus: '@postern/connection_status',
  activeCaipNetworkId: '@postern/active_caip_network_id',
  disconnected: '@postern/disconnected',
  requestedChains: '@postern/requested_chains',
  recentWallets: '@postern/recent_wallets',
  deepLink: '@postern/deeplink_choice',
  preferredAccountTypes: '@postern/preferred_account_types',
  /** The namespaces a WalletConnect session served, so a reload restores it without a QR. */
  walletConnectSession: '@postern/wc_session',
} as const

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // access can throw in sandboxed frames
  }
}

/** Reads a JSON value and validates it; a missing or corrupt value gives undefined, never a throw. */
export function readStored<T extends v.GenericSchema>(key: string, schema: T): v.InferOutput<T> | undefined {
  const raw = store()?.getItem(key)
  if (raw == null) return undefined
  try {
    const result = v.safeParse(schema, JSON.parse(raw))
    return result.success ? result.output : undefined
  } catch {
    return undefined
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value))
  } catch {
    // quota or privacy mode: state still works in memory
  }
}

export function removeStored(key: string): void {
  try {
    store()?.removeItem(key)
  } catch {
    // see writeStored
  }
}
