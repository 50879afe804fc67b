import { WC_SESSION_KEY } from './storage'

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
  walletConnectSession: WC_SESSION_KEY,
} as const
