import { signal } from '@preact/signals-core'
import type { ReadonlySignal } from '@preact/signals-core'
import type { CaipAddress, ChainNamespace } from '../types'
import type { ApiTokenBalance } from '../api/blockchain'

export type AccountType = 'eoa' | 'smartAccount'
/** The account types of useAppKitAccount().allAccounts: bip122 wallets' payment and ordinal besides. */
export type AnyAccountType = AccountType | 'payment' | 'ordinal'

/** Per-namespace account state (SPEC section 3). */
export interface AccountState {
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  balanceError?: boolean
  balanceLoading?: boolean
  profileName?: string
  profileImage?: string
  addressExplorerUrl?: string
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  connectorId?: string
  connectedWalletInfo?: { name: string; icon?: string }
  preferredAccountType?: AccountType
  /** AppKit's addAddressLabel / removeAddressLabel. */
  addressLabels?: Record<string, string | undefined>
  /** publicKey: where the wallet gives one (AppKit's AccountType). */
  allAccounts: { address: string; type?: AnyAccountType; publicKey?: string }[]
  /** The embedded wallet's user (its frame's GET_USER), login provider and smart-account state (SPEC section 3). */
  user?: EmbeddedUser
  socialProvider?: string
  smartAccountDeployed?: boolean
  /** AppKit's useAppKitAccount().embeddedWalletInfo, kept by the embedded chunk while AUTH is connected. */
  embeddedWalletInfo?: EmbeddedWalletInfo
  /** Native and token holdings from the blockchain API (signals/balances.ts). */
  tokenBalance?: ApiTokenBalance[]
  /** 'Token Balance Unavailable': the last read failed or the network is not supported. */
  tokenBalanceError?: boolean
  tokenBalanceLoading?: boolean
}

/** AppKit's User: what the frame says of the logged-in user. */
export interface EmbeddedUser {
  email?: string | null
  username?: string | null
  accounts?: { type: AccountType; address: string }[]
  [key: string]: unknown
}

/** AppKit 1.8's embeddedWalletInfo shape. */
export interface EmbeddedWalletInfo {
  user: EmbeddedUser | undefined
  authProvider: string
  accountType: AccountType | undefined
  isSmartAccountDeployed: boolean
}

const EMPTY: AccountState = { status: 'disconnected', allAccounts: [] }

export type BalanceEntry = { balance: string; symbol: string; at: number; failed?: undefined } | { failed: true; at: number; balance?: undefined; symbol?: undefined }

export function createAccountState() {
  return {
    byNamespace: signal<Partial<Record<ChainNamespace, AccountState>>>({}),
    /** Native balances by CAIP address, with when they were read (or failed). */
    balances: new Map<string, BalanceEntry>(),
    /** Token balances by CAIP address, with when they were read (or failed): 30 s cache and retry lock. */
    tokenBalances: new Map<string, { at: number; balances?: ApiTokenBalance[] }>(),
    /** Names and avatars by address, with when they were looked up. */
    profiles: new Map<string, { name?: string; avatar?: string; at: number }>(),
  }
}

/** The part of an instance's state these actions use (the Store has it). */
export type AccountStore = { accounts: ReturnType<typeof createAccountState>; network: { activeNamespace: ReadonlySignal<ChainNamespace> } }

export function accountFor(store: AccountStore, namespace: ChainNamespace): AccountState {
  return store.accounts.byNamespace.value[namespace] ?? EMPTY
}

/** The account of the active namespace, which every getter and hook follows. */
export function activeAccount(store: AccountStore): AccountState {
  return accountFor(store, store.network.activeNamespace.value)
}

export function setAccountState(store: AccountStore, namespace: ChainNamespace, patch: Partial<AccountState>): void {
  const all = store.accounts.byNamespace.peek()
  store.accounts.byNamespace.value = { ...all, [namespace]: { ...(all[namespace] ?? EMPTY), ...patch } }
}

export function resetAccount(store: AccountStore, namespace: ChainNamespace): void {
  const all = { ...store.accounts.byNamespace.peek() }
  delete all[namespace]
  store.accounts.byNamespace.value = all
}
