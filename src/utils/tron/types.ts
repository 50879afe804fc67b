import type { Network } from '../../types'

/**
 * A TRON wallet adapter as @tronweb3/tronwallet-adapters make them (TronLinkAdapter, ...): what
 * AppKit calls TronWalletAdapter. Sites pass their own instances; Postern needs only this shape.
 */
export interface TronWalletAdapter {
  name: string
  url?: string
  icon: string
  /** 'Loading' | 'NotFound' | 'Found' */
  readyState: string
  /** 'Loading' | 'NotFound' | 'Disconnected' | 'Connected' */
  state?: string
  address: string | null
  connected?: boolean
  connecting?: boolean
  connect(options?: Record<string, unknown>): Promise<void>
  disconnect(): Promise<void>
  signMessage(message: string, privateKey?: string): Promise<string>
  signTransaction(transaction: Record<string, unknown>, privateKey?: string): Promise<Record<string, unknown>>
  switchChain?(chainId: string): Promise<void>
  // The adapters' EventEmitter typing is per event; any listener shape passes here.
  on(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

export type TronProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'display_uri' | 'message'

/**
 * AppKit's TronConnector (@reown/appkit-utils/tron): what useAppKitProvider('tron') gives, for a
 * wallet adapter's connection and a WalletConnect session alike.
 */
export interface TronConnector {
  readonly id: string
  readonly name: string
  readonly type: 'INJECTED' | 'WALLET_CONNECT'
  readonly chain: 'tron'
  readonly imageUrl: string | undefined
  /** The site's TRON networks. */
  readonly chains: Network[]
  readonly provider: TronConnector
  request<T>(args: { method: string; params?: unknown }): Promise<T>
  /** Connects the wallet; resolves with its address. */
  connect(): Promise<string>
  disconnect(): Promise<void>
  /** The wallet's signature of the message (TRON's signMessageV2: 65 bytes, hex). */
  signMessage(params: TronConnector.SignMessageParams): Promise<string>
  /** A TRX transfer (value in sun) built by the network's node, signed by the wallet and broadcast: its transaction id. */
  sendTransaction(params: TronConnector.SendTransactionParams): Promise<string>
  /** Postern's own (AppKit's connectors keep it inside sendTransaction): the wallet signs a transaction as the node built it. */
  signTransaction(transaction: Record<string, unknown>): Promise<Record<string, unknown>>
  switchNetwork(chainId: string): Promise<void>
  on(event: TronProviderEvent, listener: (data: never) => void): void
  removeListener(event: string, listener: (data: never) => void): void
  emit(event: string, data?: unknown): void
}

export declare namespace TronConnector {
  type SignMessageParams = { message: string; from: string }
  type SendTransactionParams = { to: string; from: string; value: string; data?: string }
}
