import type { Connector, ConnectResult, Network } from '../../types'
import { netOf } from '../../utils/bitcoin-chains'
import { AddressPurpose, type BitcoinConnector } from './types'

// Bitcoin wallets the adapter reaches through their own injected API rather than the Wallet
// Standard: sats-connect's window.btc_providers (AppKit's SatsConnectConnector), OKX's
// window.okxwallet.bitcoin (OKXConnector) and Unisat's API (UnisatConnector: Unisat, Bitget, Binance).
// Each kind says how to connect, restore, disconnect and switch; the adapter keeps the sessions.

export interface DirectAccount {
  address: string
  publicKey?: string
  purpose: AddressPurpose
}

/** What a wallet's provider reads from the adapter's session. */
export interface DirectHooks {
  /** The session's accounts, payment first; undefined before a connection. */
  accounts(): DirectAccount[] | undefined
  /** The session's network. */
  network(): Network | undefined
  /** The site's Bitcoin networks. */
  requested(): Network[]
  connect(): Promise<string>
  disconnect(): Promise<void>
}

export interface DirectWallet {
  readonly connector: Connector
  /** Asks the wallet for the site's accounts (it may prompt): payment first. */
  connect(network: Network): Promise<DirectAccount[]>
  /** The accounts the wallet already gives the site, never a prompt ([] when none). */
  restore(network: Network): Promise<DirectAccount[]>
  disconnect(): Promise<void>
  /** The modal's network switch: the wallet follows where it can; new accounts when they changed. */
  switchNetwork(network: Network): Promise<DirectAccount[] | undefined>
  /** The network the wallet is on now (its CAIP-2 reference, the genesis prefix), when it tells. */
  current?(): Promise<string | undefined>
  /** The wallet's own network changes (the visitor switched inside it): the new network's CAIP-2 reference. */
  watchNetwork?(onNetwork: (chainId: string) => void): () => void
  /** The wallet's own account changes ([]: it forgot the site); returns how to stop listening. */
  watch?(onChange: (addresses: string[]) => void): () => void
  /** AppKit's connector for the wallet: what useAppKitProvider('bip122') gives. */
  provider(hooks: DirectHooks): BitcoinConnector
}

/** Payment accounts first (SPEC: bip122 defaults to payment), Stacks ones left out. */
export const paymentFirst = (list: DirectAccount[]): DirectAccount[] => [
  ...list.filter((a) => a.purpose === AddressPurpose.Payment),
  ...list.filter((a) => a.purpose === AddressPurpose.Ordinal),
]

export const directResult = (accounts: DirectAccount[], network: Network): ConnectResult => ({
  address: accounts[0]!.address,
  chainId: network.id,
  accounts: accounts.map((a) => ({ address: a.address, type: a.purpose === AddressPurpose.Ordinal ? 'ordinal' : 'payment', publicKey: a.publicKey })),
})

const ICON = /^(data:image\/(svg\+xml|webp|png|gif);base64,|https:\/\/)/

export function directConnector(id: string, name: string, icon: string | undefined, explorerId: string | undefined): Connector {
  return { id, uid: `bip122:${id}`, name, type: 'ANNOUNCED', chain: 'bip122', chains: ['bip122'], imageUrl: icon && ICON.test(icon) ? icon : undefined, explorerId, installed: true }
}

/** The address prefixes each network's encoding writes (bech32 HRP, then base58 version characters). */
const PREFIXES = { mainnet: /^(bc1|[13])/, testnet: /^(tb1|[mn2])/, regtest: /^(bcrt1|[mn2])/ }

/** Whether an address is written in a network's encoding: a wallet's word on its network is taken only where its addresses agree. */
export const writtenFor = (address: string, network: Network) => PREFIXES[netOf(network)].test(address)
