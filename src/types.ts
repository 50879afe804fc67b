// The shapes every room shares: CAIP ids, networks, connectors, accounts and the adapter
// interface. Types only, importing nothing: the lowest module of src/, which every room may import.

/** Chain namespaces the product knows (SPEC section 3). */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos' | 'sui' | 'stacks' | 'ton' | 'tron'
export type CaipNetworkId = `${string}:${string}`
export type CaipAddress = `${string}:${string}:${string}`

/** A network as sites pass it to createAppKit (the same shape AppKit's networks have). */
export interface Network {
  id: number | string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

export type ConnectorType = 'WALLET_CONNECT' | 'INJECTED' | 'ANNOUNCED' | 'MULTI_CHAIN' | 'AUTH' | 'EXTERNAL'

/** A way to connect, as lists show it (SPEC section 3). */
export interface Connector {
  id: string
  /** Unique across adapters: `${namespace}:${id}`. */
  uid: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  /** Every namespace this wallet serves (a MULTI_CHAIN wallet lists more than one). */
  chains?: ChainNamespace[]
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string; uuid?: string }
  installed?: boolean
}

/** A token holding as adapters read it (SPEC section 3, token balance; price fields when known). */
export interface TokenBalance {
  /** The token's contract or mint address. */
  address: string
  chainId: string
  name?: string
  symbol?: string
  iconUrl?: string
  quantity: { decimals: string; numeric: string }
}

export interface ConnectResult {
  address: string
  chainId: string | number
  /** Every account the wallet gave; bip122 wallets name each one's purpose (payment, ordinal). */
  accounts?: { address: string; type?: 'eoa' | 'smartAccount' | 'payment' | 'ordinal'; publicKey?: string }[]
}

/** What an adapter may do to the modal's state: write through these, never to the DOM. */
export interface AdapterContext {
  readonly networks: readonly Network[]
  /** The adapter's current connectors, replacing what it registered before. */
  setConnectors(connectors: Connector[]): void
  /** The wallet changed accounts or chain on its own (events from the wallet, or its accounts on a network it switched to). */
  onAccountChanged(result: { connectorId: string; address?: string; chainId?: string | number; accounts?: ConnectResult['accounts'] }): void
  onDisconnected(connectorId: string): void
  /** A connection the modal did not make (e.g. through wagmi's own connect): the modal takes it up. */
  onConnected?(result: ConnectResult & { connectorId: string }): void
  rpcUrl(network: Network): string
  /** Every endpoint of the network, in fallback order (the first is rpcUrl's). */
  rpcUrls?(network: Network): string[]
  /** Site settings an adapter honours. */
  readonly settings: { enableInjected: boolean; enableEIP6963: boolean; mobile: boolean; excluded: readonly string[] }
}

/**
 * One chain family or connection kind. Heavy libraries (viem, Solana, WalletConnect)
 * load inside these methods with import(), never at module load.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  setup(context: AdapterContext): void | Promise<void>
  connect(connectorId: string, network: Network): Promise<ConnectResult>
  /** Silent reconnect: accounts the wallet already authorised, or undefined. */
  reconnect?(connectorId: string, network: Network): Promise<ConnectResult | undefined>
  disconnect(connectorId: string): Promise<void>
  switchNetwork(connectorId: string, network: Network): Promise<void>
  /** The native balance, or with `token` (the site's `tokens` option for this network) that token's. */
  getBalance(address: string, network: Network, token?: string): Promise<{ balance: string; symbol: string }>
  /** Fungible token holdings read from the chain (e.g. SPL tokens), where the adapter can. */
  getTokenBalances?(address: string, network: Network): Promise<TokenBalance[]>
  /** namespace: for a driver that serves several (the embedded wallet's AUTH). */
  getProvider?(connectorId: string, namespace?: ChainNamespace): unknown
  /**
   * AppKit's getWalletConnectProvider: what a site gets for this namespace while WalletConnect
   * serves it (bip122: AppKit's BitcoinWalletConnectConnector); the universal provider when absent.
   */
  walletConnectProvider?(provider: unknown, state: () => { address?: string; network?: Network; networks: Network[] }): unknown
}

/** A catalogue wallet as the provider API returns it (SPEC section 3). */
export interface CatalogueWallet {
  id: string
  name: string
  image_id?: string
  image_url?: string
  rdns?: string | null
  chains?: string[]
  mobile_link?: string | null
  /** The wallet's universal link (https), used on mobile with experimental_preferUniversalLinks. */
  link_mode?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  app_store?: string | null
  play_store?: string | null
  chrome_store?: string | null
  homepage?: string | null
}

/** AppKit's SIWXMessage: the CAIP-122 fields plus toString(), the exact text the wallet signs. */
export interface SIWXMessageData {
  accountAddress: string
  chainId: CaipNetworkId
  notBefore?: string
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  resources?: string[]
  requestId?: string
  issuedAt?: string
  expirationTime?: string
}
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/** AppKit's SIWXSession: the message's data, its text and signature, and a CACAO when the service made one. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  cacao?: { h: { t: string }; p: Record<string, unknown>; s: { t: string; s: string } }
}

/** AppKit's SIWXConfig interface (@reown/appkit-controllers): what the modal calls, in AppKit's order. */
export interface SIWXConfig {
  createMessage(input: { accountAddress: string; chainId: CaipNetworkId; notBefore?: string }): Promise<SIWXMessage>
  signMessage?(args: { message: string; chainId: string; accountAddress: string }): Promise<string>
  addSession(session: SIWXSession): Promise<void>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: SIWXSession[]): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  getRequired?(): boolean
  signOutOnDisconnect?: boolean
}

/**
 * A Solana provider as a site gets it from getWalletProvider() / useAppKitProvider('solana'): the
 * connected account and the signing features over raw bytes (wire-format transactions as
 * @solana/kit's getTransactionEncoder or web3.js's serialize() produce them). The Solana adapter's
 * (with its Wallet Standard wallet) and the embedded wallet's share it; each names its send options.
 */
export interface SolanaProvider<SendOptions = Record<string, unknown>> {
  readonly name: string
  readonly icon: string
  /** The connected account's address; undefined while not connected. */
  readonly address: string | undefined
  readonly publicKey: Uint8Array | undefined
  /** The Wallet Standard chain of the selected network, e.g. 'solana:mainnet'. */
  readonly chain: `solana:${string}` | undefined
  /** solana:signMessage: the ed25519 signature of the message. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  /** solana:signTransaction: the transaction with the account's signature added. */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>
  signAllTransactions(transactions: readonly Uint8Array[]): Promise<Uint8Array[]>
  /** solana:signAndSendTransaction on the selected network: the transaction signature, base58. */
  signAndSendTransaction(transaction: Uint8Array, options?: SendOptions): Promise<string>
}
