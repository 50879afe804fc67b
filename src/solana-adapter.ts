// postern/solana: AppKit 1.8's @reown/appkit-adapter-solana under its name, over Postern's own
// Solana adapter (Wallet Standard wallets; @solana/kit arrives in its own chunk when first needed).
import type { ChainAdapter, Network } from './types'
import { solana } from './adapters/solana'

/** AppKit's AdapterOptions. Wallets are found through the Wallet Standard, as AppKit 1.8 does. */
export interface AdapterOptions {
  connectionSettings?: string | { commitment?: string }
  /** @deprecated Wallets are recognised from the browser (Wallet Standard). */
  wallets?: unknown[]
  registerWalletStandard?: boolean
}

export class SolanaAdapter implements ChainAdapter {
  readonly namespace = 'solana' as const
  readonly adapterType = 'solana'
  readonly connectionSettings: NonNullable<AdapterOptions['connectionSettings']>
  readonly wallets: unknown[] | undefined
  private readonly inner: ChainAdapter = solana()

  constructor(options: AdapterOptions = {}) {
    this.connectionSettings = options.connectionSettings ?? 'confirmed'
    this.wallets = options.wallets
  }

  setup: ChainAdapter['setup'] = (context) => this.inner.setup(context)
  connect: ChainAdapter['connect'] = (id, network) => this.inner.connect(id, network)
  reconnect = (id: string, network: Network) => this.inner.reconnect?.(id, network) ?? Promise.resolve(undefined)
  disconnect: ChainAdapter['disconnect'] = (id) => this.inner.disconnect(id)
  switchNetwork: ChainAdapter['switchNetwork'] = (id, network) => this.inner.switchNetwork(id, network)
  getBalance: ChainAdapter['getBalance'] = (address, network, token) => this.inner.getBalance(address, network, token)
  getTokenBalances = (address: string, network: Network) => this.inner.getTokenBalances?.(address, network) ?? Promise.resolve([])
  getProvider = (id: string) => this.inner.getProvider?.(id)
}
