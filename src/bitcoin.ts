// postern/bitcoin: AppKit 1.8's @reown/appkit-adapter-bitcoin under its name, over Postern's own
// Bitcoin adapter (Wallet Standard wallets with bitcoin:connect; WalletConnect's bip122 namespace
// through the modal's WalletConnect driver). @scure/btc-signer arrives in its own chunk when a transfer is built.
import { bitcoin } from './adapters/bitcoin'
import { ForwardingAdapter } from './adapters/forward'
import { formatSats } from './adapters/bitcoin/units'
import { createBitcoinWalletConnectConnector, type UniversalLike, type WalletConnectState } from './adapters/bitcoin/walletconnect'
import type { BitcoinConnector } from './adapters/bitcoin/types'
import type { ChainAdapter, Network } from './types'

/** AppKit's BitcoinApi.UTXO: an unspent output as Esplora lists it. */
export interface BitcoinUTXO {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number }
}

/** AppKit's BitcoinAdapter.ConstructorParams: `api` replaces its UTXO reads (Esplora at the network's endpoint by default). */
export interface BitcoinAdapterOptions {
  api?: { getUTXOs?: (params: { network: Network; address: string }) => Promise<BitcoinUTXO[]> }
  networks?: Network[]
  projectId?: string
}

export class BitcoinAdapter extends ForwardingAdapter {
  declare readonly namespace: 'bip122'
  readonly adapterType = 'bitcoin'
  readonly networks: Network[]
  readonly projectId: string | undefined
  private readonly api: BitcoinAdapterOptions['api']
  private readonly bitcoin: ChainAdapter

  constructor(options: BitcoinAdapterOptions = {}) {
    const inner = bitcoin()
    super(inner)
    this.bitcoin = inner
    this.api = options.api
    this.networks = options.networks ?? []
    this.projectId = options.projectId
  }

  private readonly walletConnectProviders = new WeakMap<object, BitcoinConnector>()

  /** AppKit's getWalletConnectProvider: its BitcoinWalletConnectConnector over the session (one per provider). */
  walletConnectProvider(provider: unknown, state: () => WalletConnectState): BitcoinConnector {
    const universal = provider as UniversalLike
    let connector = this.walletConnectProviders.get(universal)
    if (!connector) this.walletConnectProviders.set(universal, (connector = createBitcoinWalletConnectConnector(universal, state)))
    return connector
  }

  /** AppKit's: the balance as the sum of the address's UTXOs, through the site's own `api` when it gave one. */
  override getBalance: ForwardingAdapter['getBalance'] = async (address, network, token) => {
    const getUTXOs = this.api?.getUTXOs
    if (!getUTXOs) return this.bitcoin.getBalance(address, network, token)
    const utxos = await getUTXOs({ network, address })
    const sats = utxos.reduce((sum, u) => sum + BigInt(Math.trunc(Number(u.value) || 0)), 0n)
    return { balance: formatSats(sats, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
  }
}

export { AddressPurpose, mapSatsConnectAddressPurpose, MethodNotSupportedError } from './adapters/bitcoin/types'
export type { BitcoinConnector } from './adapters/bitcoin/types'
