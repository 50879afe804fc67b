// AppKit 1.8's account setters (appkit-base-client.ts: setAccountProp on the namespace's account
// state). They live in the connection runtime chunk; the instance calls them synchronously once
// that chunk is in (kit/methods.ts), so views, hooks, getters and subscribers follow at once.
import type { Store } from './store'
import type { AccountState, EmbeddedUser } from './account'
import type { ChainNamespace, Network } from '../types'
import { accountFor, resetAccount as reset, setAccountState } from './account'
import { writeStored } from '../utils/storage'
import { STORAGE_KEYS } from '../utils/storage-keys'

type Ns = ChainNamespace

export const setBalance = (store: Store, balance: string | undefined, balanceSymbol: string | undefined, chain: Ns) =>
  setAccountState(store, chain, { balance, balanceSymbol, balanceError: false, balanceLoading: false })
export const setProfileName = (store: Store, profileName: string | null, chain: Ns) => setAccountState(store, chain, { profileName: profileName ?? undefined })
export const setProfileImage = (store: Store, profileImage: string | null, chain: Ns) => setAccountState(store, chain, { profileImage: profileImage ?? undefined })
export const setUser = (store: Store, user: EmbeddedUser | null, chain: Ns) => setAccountState(store, chain, { user: user ?? undefined })
export const setSmartAccountDeployed = (store: Store, smartAccountDeployed: boolean, chain: Ns) => setAccountState(store, chain, { smartAccountDeployed })
export const setAddressExplorerUrl = (store: Store, addressExplorerUrl: string | undefined, chain: Ns) => setAccountState(store, chain, { addressExplorerUrl })
/** As AppKit's: the stored connection status (read to reconnect on the next visit) follows whether any namespace is connected. */
export function setStatus(store: Store, status: AccountState['status'], chain: Ns): void {
  setAccountState(store, chain, { status })
  const connected = Object.values(store.accounts.byNamespace.peek()).some((a) => a?.status === 'connected')
  writeStored(STORAGE_KEYS.connectionStatus, connected ? 'connected' : 'disconnected')
}

/** AppKit keeps the info with the provider's type (the connector's type here). */
export function setConnectedWalletInfo(store: Store, info: { name: string; icon?: string; [key: string]: unknown } | null, chain: Ns): void {
  const { connectorId } = accountFor(store, chain)
  const type = store.connection.connectors.peek().find((c) => c.id === connectorId && c.chain === chain)?.type
  setAccountState(store, chain, { connectedWalletInfo: info ? ({ ...info, type } as AccountState['connectedWalletInfo']) : undefined })
}

/** AppKit rejects what is not CAIP-10 with a warning and keeps the account as it was. */
export function setCaipAddress(store: Store, caipAddress: string | null, chain: Ns): void {
  const parts = caipAddress?.split(':')
  if (parts && (parts.length !== 3 || !parts.every(Boolean))) return console.warn(`[postern] setCaipAddress: invalid CAIP-10 address rejected: "${caipAddress}"`)
  setAccountState(store, chain, { caipAddress: (caipAddress ?? undefined) as AccountState['caipAddress'], address: parts?.[2] })
}

/** AppKit's setChainNetworkData: the namespace's own network (restored when it becomes active), not the active one. */
export function setCaipNetworkOfNamespace(store: Store, network: Network, chain: Ns): void {
  store.network.byNamespace.value = { ...store.network.byNamespace.peek(), [chain]: network.caipNetworkId }
}

/** Back to disconnected; the preferred account type falls back to the site's default (getPreferredAccountType), as AppKit's. */
export const resetAccount = (store: Store, chain: Ns) => reset(store, chain)
