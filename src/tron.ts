// postern/tron: AppKit 1.8's @reown/appkit-adapter-tron under its name, over Postern's own TRON
// adapter (the site's @tronweb3 wallet adapters; the node client arrives in its own chunk).
import { tron } from './adapters/tron'
import { ForwardingAdapter } from './adapters/forward'
import type { TronWalletAdapter } from './utils/tron/types'
import type { ChainAdapter } from './types'

/** AppKit's TronAdapterParams: the wallet adapters to offer (TronLinkAdapter, ...). */
export interface TronAdapterParams {
  walletAdapters?: TronWalletAdapter[]
  /** AppKit's AdapterBlueprint.Params. */
  namespace?: 'tron'
  networks?: unknown[]
  projectId?: string
}

export class TronAdapter extends ForwardingAdapter {
  declare readonly namespace: 'tron'
  readonly adapterType = 'tron'

  /** AppKit's getWalletConnectProvider: the TronWalletConnectConnector over a WalletConnect session. */
  readonly walletConnectProvider: ChainAdapter['walletConnectProvider']

  constructor(params: TronAdapterParams = {}) {
    const inner = tron(params.walletAdapters ?? [])
    super(inner)
    this.walletConnectProvider = inner.walletConnectProvider
  }
}

export type { TronConnector, TronWalletAdapter } from './utils/tron/types'
export { TronAddressUtil } from './adapters/tron/address-util'
