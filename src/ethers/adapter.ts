import { eip155 } from '../adapters/eip155'
import { ForwardingAdapter } from '../adapters/forward'

/** AppKit's ethers Provider type: the EIP-1193 provider that `useAppKitProvider('eip155')` gives. */
export interface Provider {
  request: <T>(args: RequestArguments) => Promise<T>
  on(event: string, listener: (...args: any[]) => void): void
  removeListener: <T>(event: string, listener: (data: T) => void) => void
  emit: (event: string) => void
}
export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}
export type Address = `0x${string}`
export type Metadata = { name: string; description: string; url: string; icons: string[] }
/** AppKit's ProviderType (its adapter's wallet set); Postern finds the same wallets itself. */
export type ProviderType = { injected?: unknown; baseAccount?: unknown; coinbaseWallet?: unknown; safe?: unknown; EIP6963?: boolean; metadata: Metadata }

/**
 * AppKit's ethers adapters under their names, over Postern's EVM adapter (EIP-6963 wallets, the
 * legacy window.ethereum, WalletConnect and the embedded wallet through the modal). The site wraps
 * the wallet's EIP-1193 provider in its own ethers (`new BrowserProvider(walletProvider)`); the
 * adapter itself needs no ethers, its chain reads go through Postern's lazy EVM chunk.
 */
export class EthersAdapterBase extends ForwardingAdapter {
  declare readonly namespace: 'eip155'

  constructor(readonly adapterType: 'ethers' | 'ethers5') {
    super(eip155())
  }
}
