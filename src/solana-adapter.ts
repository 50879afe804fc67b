// postern/solana: AppKit 1.8's @reown/appkit-adapter-solana under its name, over Postern's own
// Solana adapter (Wallet Standard wallets; @solana/kit arrives in its own chunk when first needed).
import { solana } from './adapters/solana'
import { ForwardingAdapter } from './adapters/forward'

/** AppKit's AdapterOptions. Wallets are found through the Wallet Standard, as AppKit 1.8 does. */
export interface AdapterOptions {
  connectionSettings?: string | { commitment?: string }
  /** @deprecated Wallets are recognised from the browser (Wallet Standard). */
  wallets?: unknown[]
  registerWalletStandard?: boolean
}

export class SolanaAdapter extends ForwardingAdapter {
  declare readonly namespace: 'solana'
  readonly adapterType = 'solana'
  readonly connectionSettings: NonNullable<AdapterOptions['connectionSettings']>
  readonly wallets: unknown[] | undefined

  constructor(options: AdapterOptions = {}) {
    super(solana())
    this.connectionSettings = options.connectionSettings ?? 'confirmed'
    this.wallets = options.wallets
  }
}

// AppKit's Solana types (@reown/appkit-utils/solana): the wallet provider useAppKitProvider('solana') gives.
export type { SolanaWalletProvider as Provider, AnyTransaction } from './adapters/solana/provider'
