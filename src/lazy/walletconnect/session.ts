import * as v from 'valibot'
import type { Store } from '../../signals/store'
import type { CatalogueWallet, ChainNamespace } from '../../types'
import { isNamespace } from '../../utils/caip'
import { errorMessage, isUserRejected } from '../../utils/errors'
import { removeStored, writeStored } from '../../utils/storage'
import { STORAGE_KEYS } from '../../utils/storage-keys'
import { safeUrl } from '../../utils/url'
import { accountFor, setAccountState } from '../../signals/account'
import { applyConnection, forgetConnection } from '../../signals/wallet'
import { emitEvent } from '../../signals/events'
import { hideToast } from '../../signals/toast'
import { rememberRecentWallet } from '../../signals/recent-wallets'
import { WALLET_CONNECT_ID } from '../../signals/walletconnect'
import { PAIRING_LIFETIME_MS, parseWcUri, walletConnectConnector, walletConnectState } from '../../signals/walletconnect-pairing'

// The pairing and session transitions of the WalletConnect slice: plain state changes, no
// provider. index.ts drives them from the universal provider's answers and events.

/** A new attempt: earlier attempts' results are ignored from now on. */
export function beginPairing(store: Store, wallet?: CatalogueWallet): number {
  const wc = walletConnectState(store)
  wc.attempt.value++
  wc.uri.value = undefined
  wc.expiresAt.value = undefined
  wc.error.value = undefined
  wc.status.value = 'pairing'
  if (wallet) wc.recentWallet.value = wallet
  if (store.connection.status.peek() === 'disconnected') store.connection.status.value = 'connecting'
  return wc.attempt.value
}

/** Shows a new URI; it expires at the URI's own expiry or after the modal's lifetime, whichever is first. */
export function setPairingUri(store: Store, uri: string, lifetimeMs = PAIRING_LIFETIME_MS, now = Date.now()): boolean {
  const parsed = parseWcUri(uri)
  if (!parsed) return false
  const wc = walletConnectState(store)
  wc.uri.value = uri
  wc.expiresAt.value = Math.min(parsed.expiresAt ?? Infinity, now + lifetimeMs)
  wc.status.value = 'pairing'
  wc.error.value = undefined
  return true
}

/** SPEC section 8: rejection ('user rejected', 'connection request reset') and expiry give a retry state. */
export function pairingFailed(store: Store, error: unknown): void {
  const wc = walletConnectState(store)
  const rejected = isUserRejected(error)
  const message = errorMessage(error)
  wc.status.value = rejected ? 'rejected' : /expired/i.test(message) ? 'expired' : 'error'
  wc.error.value = message
  wc.uri.value = undefined
  wc.expiresAt.value = undefined
  wc.linking.value = undefined
  settleConnectionStatus(store)
  // As AppKit's WalletConnect view: a refusal is USER_REJECTED, anything else CONNECT_ERROR, with the error's message.
  emitEvent(store, rejected ? 'USER_REJECTED' : 'CONNECT_ERROR', { message })
}

/**
 * SPEC section 4: resetting clears pairing URI, expiry, linking, recent wallet and deep link
 * and leaves the attempt disconnected (another wallet's connection stays as it is).
 */
export function resetWalletConnect(store: Store): void {
  const wc = walletConnectState(store)
  wc.attempt.value++
  wc.uri.value = undefined
  wc.expiresAt.value = undefined
  wc.linking.value = undefined
  wc.recentWallet.value = undefined
  wc.error.value = undefined
  if (wc.status.peek() !== 'connected') wc.status.value = 'idle'
  removeStored(STORAGE_KEYS.deepLink)
  settleConnectionStatus(store)
}

function settleConnectionStatus(store: Store): void {
  if (store.connection.status.peek() === 'connecting') {
    store.connection.status.value = store.connection.connections.peek().size ? 'connected' : 'disconnected'
  }
}

// ---- sessions -----------------------------------------------------------------------------

const SessionNamespaces = v.record(v.string(), v.looseObject({ accounts: v.array(v.string()) }))
const PeerMetadata = v.looseObject({ name: v.optional(v.string()), icons: v.optional(v.array(v.string())) })

export interface SessionAccounts {
  namespace: ChainNamespace
  /** Every account the session grants in this namespace, in the session's order. */
  accounts: { chainId: string; address: string }[]
}

/** The accounts of a session per known namespace (eip155, solana...); malformed entries are skipped. */
export function sessionAccounts(namespaces: unknown): SessionAccounts[] {
  const parsed = v.safeParse(SessionNamespaces, namespaces)
  if (!parsed.success) return []
  const byNamespace = new Map<ChainNamespace, SessionAccounts>()
  for (const entry of Object.values(parsed.output)) {
    for (const caip of entry.accounts) {
      // CAIP-10: exactly three non-empty parts with a known namespace (SPEC section 5)
      const [namespace, chainId, address, ...rest] = caip.split(':')
      if (!isNamespace(namespace) || !chainId || !address || rest.length) continue
      const group = byNamespace.get(namespace) ?? { namespace, accounts: [] }
      group.accounts.push({ chainId, address })
      byNamespace.set(namespace, group)
    }
  }
  return [...byNamespace.values()]
}

export interface SessionLike {
  namespaces: unknown
  peer?: { metadata?: unknown }
}

/** Namespaces whose account is connected through WalletConnect. */
export function walletConnectNamespaces(store: Store): ChainNamespace[] {
  const all = store.accounts.byNamespace.peek()
  return (Object.keys(all) as ChainNamespace[]).filter((ns) => all[ns]?.connectorId === WALLET_CONNECT_ID)
}

/**
 * Writes a session's accounts into the per-namespace state (only namespaces the site configured):
 * in each, the account on `prefer` (a CAIP-2 chain of a configured network) if the session has
 * it, else on the network already chosen there, else the session's first. The namespace that was active stays active. Namespaces the session no
 * longer covers are dropped.
 */
export function applySession(store: Store, session: SessionLike, prefer?: string): ChainNamespace[] {
  const configured = new Set(store.network.networks.peek().map((n) => n.chainNamespace))
  const groups = sessionAccounts(session.namespaces).filter((g) => configured.has(g.namespace))
  const peer = v.safeParse(PeerMetadata, session.peer?.metadata)
  const name = (peer.success && peer.output.name) || 'WalletConnect'
  const imageUrl = peer.success ? safeUrl(peer.output.icons?.[0]) : undefined
  for (const namespace of walletConnectNamespaces(store)) {
    if (!groups.some((g) => g.namespace === namespace)) forgetConnection(store, namespace, { remember: false })
  }
  const active = store.network.activeNamespace.peek()
  const ordered = [...groups.filter((g) => g.namespace !== active), ...groups.filter((g) => g.namespace === active)]
  for (const group of ordered) {
    const on = (chain?: string) => group.accounts.filter((a) => `${group.namespace}:${a.chainId}` === chain)
    // universalProviderConfigOverride.defaultChain, when the session has it, before the chosen network
    const preferred = on(prefer)
    const onChosen = preferred.length ? preferred : on(store.network.byNamespace.peek()[group.namespace])
    const previous = accountFor(store, group.namespace)
    const kept = previous.connectorId === WALLET_CONNECT_ID ? onChosen.find((a) => a.address === previous.address) : undefined
    const account = kept ?? onChosen[0] ?? group.accounts[0]!
    applyConnection(store, { ...walletConnectConnector(store, group.namespace), name, imageUrl }, account.address, account.chainId)
    const addresses = [...new Set(group.accounts.map((a) => a.address))]
    setAccountState(store, group.namespace, { allAccounts: addresses.map((address) => ({ address })) })
  }
  const namespaces = groups.map((g) => g.namespace)
  if (namespaces.length) writeStored(STORAGE_KEYS.walletConnectSession, namespaces)
  return namespaces
}

/**
 * The wallet approved: the session's accounts go into state, and (SPEC section 4) the deep
 * link and recent wallet are stored and a connect-success event is tracked.
 */
export function pairingSucceeded(store: Store, session: SessionLike, method: 'qrcode' | 'mobile', prefer?: string): ChainNamespace[] {
  const wc = walletConnectState(store)
  const namespaces = applySession(store, session, prefer)
  wc.status.value = 'connected'
  wc.uri.value = undefined
  wc.expiresAt.value = undefined
  wc.error.value = undefined
  writeStored(STORAGE_KEYS.recentConnectorId, WALLET_CONNECT_ID)
  const linking = wc.linking.peek()
  if (linking) writeStored(STORAGE_KEYS.deepLink, linking)
  const wallet = wc.recentWallet.peek()
  if (wallet) store.wallets.recent.value = rememberRecentWallet(store.wallets.recent.peek(), wallet)
  const walletName = wallet?.name ?? (namespaces[0] && accountFor(store, namespaces[0]).connectedWalletInfo?.name)
  emitEvent(store, 'CONNECT_SUCCESS', { method, name: walletName ?? 'WalletConnect' })
  return namespaces
}

/** The wallet or the site ended the session: every namespace it served is disconnected. */
export function sessionEnded(store: Store, { remember = true, except }: { remember?: boolean; except?: ChainNamespace } = {}): void {
  for (const namespace of walletConnectNamespaces(store)) {
    if (namespace !== except) forgetConnection(store, namespace, { remember })
  }
  store.drivers.delete(WALLET_CONNECT_ID)
  removeStored(STORAGE_KEYS.walletConnectSession)
  removeStored(STORAGE_KEYS.deepLink)
  const wc = walletConnectState(store)
  if (wc.status.peek() === 'connected') wc.status.value = 'idle'
  if (wc.pendingRequest.peek()) hideToast(store)
  wc.pendingRequest.value = undefined
}
