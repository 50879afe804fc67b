// The SIWX flow of SPEC section 4, in AppKit's order (SIWXUtil): after connect, on a switch of
// account or network and on reload, ask for a session; sign, cancel, sessions and revoke.
import { effect } from '@preact/signals-core'
import type { Store } from './store'
import type { CaipNetworkId, ChainNamespace, SIWXConfig, SIWXSession } from '../types'
import { activeAccount } from './account'
import { emitEvent } from './events'
import { closeModal, resetView } from './modal'
import { showToast } from './toast'
import { disconnectWallet, driverFor } from './wallet'
import { mapToSIWX, type SIWEConfig } from './siwe-map'
import { errorMessage, SIWX_UNAVAILABLE } from '../utils/errors'
import { signWithProvider } from '../utils/wallet-sign'

const mapped = new WeakMap<object, SIWXConfig>()

/** The site's siwx, or its siweConfig mapped onto SIWX (AppKit's mapToSIWX). */
export function siwxOf(store: Store): SIWXConfig | undefined {
  const { siwx, siweConfig } = store.options
  if (siwx) return siwx as unknown as SIWXConfig
  if (!siweConfig) return undefined
  let m = mapped.get(siweConfig)
  if (!m) mapped.set(siweConfig, (m = mapToSIWX(siweConfig as unknown as SIWEConfig, () => store.network.activeCaipNetworkId.peek())))
  return m
}

function active(store: Store) {
  const account = activeAccount(store)
  const network = store.network.activeNetwork.peek()
  return { account, network, address: account.address, chainId: network.caipNetworkId as CaipNetworkId }
}

function eventProperties(store: Store, error?: unknown) {
  return {
    network: store.network.activeCaipNetworkId.peek(),
    isSmartAccount: activeAccount(store).preferredAccountType === 'smartAccount',
    ...(error !== undefined && { message: errorMessage(error) }),
  }
}

/** AppKit's initializeIfEnabled: no session for the active account and network opens the sign view. */
export async function initializeIfEnabled(store: Store, { prompt = true } = {}): Promise<void> {
  const siwx = siwxOf(store)
  const { address, chainId, account } = active(store)
  if (!siwx || !address || account.status !== 'connected' || store.network.unsupported.peek()) return
  try {
    const sessions = await siwx.getSessions(chainId, address)
    if (sessions.length) return
    const required = siwx.getRequired?.() ?? true
    // An optional sign-in is offered after a connect in the modal, not on a silent reload.
    if (!required && !prompt) return
    // The route says whether Close is disabled: required sign-in and no session (SPEC section 2).
    await store.ui.open?.({ view: 'SIWXSignMessage', data: { siwxRequired: required } })
  } catch (error) {
    console.error('[postern] SIWX initialize', error)
    emitEvent(store, 'SIWX_AUTH_ERROR', eventProperties(store, error))
    await disconnectWallet(store).catch(() => {})
    resetView(store, 'Connect')
    showToast(store, 'error', 'A problem occurred while trying initialize authentication')
  }
}

/** AppKit's requestSignMessage: create, sign (the config's signer or the wallet), add, close. */
export async function requestSignMessage(store: Store): Promise<void> {
  const siwx = siwxOf(store)
  const { account, address, chainId, network } = active(store)
  if (!siwx) throw new Error('SIWX is not enabled')
  if (!address) throw new Error('No ActiveCaipAddress found')
  emitEvent(store, 'CLICK_SIGN_SIWX_MESSAGE', eventProperties(store))
  try {
    const data = await siwx.createMessage({ chainId, accountAddress: address })
    const message = data.toString()
    const signature = siwx.signMessage
      ? await siwx.signMessage({ message, chainId, accountAddress: address })
      : await signWithProvider(driverFor(store, network.chainNamespace as ChainNamespace, account.connectorId).getProvider?.(account.connectorId!, network.chainNamespace as ChainNamespace), network.chainNamespace, address, message)
    await siwx.addSession({ data, message, signature })
    closeModal(store, { force: true })
    emitEvent(store, 'SIWX_AUTH_SUCCESS', eventProperties(store))
  } catch (error) {
    if (!store.modal.open.peek()) await store.ui.open?.({ view: 'SIWXSignMessage', data: { siwxRequired: siwx.getRequired?.() ?? true } })
    const smart = activeAccount(store).preferredAccountType === 'smartAccount'
    // The sign-in service down (unreachable, or failing on its side) is no refusal: the user is told
    // to try again, still connected on the sign view; anything else is the spec's text.
    const unavailable = (error as { code?: unknown } | undefined)?.code === SIWX_UNAVAILABLE
    showToast(store, 'error', unavailable ? 'Sign-in is unavailable right now; try again shortly' : smart ? 'This application might not support Smart Accounts' : 'Signature declined')
    emitEvent(store, 'SIWX_AUTH_ERROR', eventProperties(store, error))
  }
}

/** AppKit's cancelSignMessage: required sign-in disconnects, optional just closes; the view resets to Connect. */
export async function cancelSignMessage(store: Store): Promise<void> {
  const siwx = siwxOf(store)
  try {
    if (siwx?.getRequired?.() ?? true) await disconnectWallet(store)
    closeModal(store, { force: true })
    resetView(store, 'Connect')
    emitEvent(store, 'CLICK_CANCEL_SIWX', eventProperties(store))
  } catch (error) {
    console.error('[postern] SIWX cancel', error)
  }
}

/** AppKit's getAllSessions: the active address's sessions on each network of its namespace. */
export async function allSessions(store: Store): Promise<SIWXSession[]> {
  const siwx = siwxOf(store)
  const { address, network } = active(store)
  if (!siwx || !address) return []
  const networks = store.network.networks.peek().filter((n) => n.chainNamespace === network.chainNamespace)
  const lists = await Promise.all(networks.map((n) => siwx.getSessions(n.caipNetworkId, address).catch(() => [])))
  return lists.flat().filter((s) => s.signature)
}

/** Revokes a session; losing the active one asks again (required) as a switch would. */
export async function revokeSiwxSession(store: Store, session: SIWXSession): Promise<void> {
  const siwx = siwxOf(store)
  if (!siwx) throw new Error('SIWX is not enabled')
  await siwx.revokeSession(session.data.chainId, session.data.accountAddress)
  if (session.data.chainId === store.network.activeCaipNetworkId.peek()) await initializeIfEnabled(store, { prompt: false })
}

/** AppKit's clearSessions as a sign-out: the config forgets the sessions; required sign-in also disconnects. */
export async function signOutSiwx(store: Store): Promise<void> {
  const siwx = siwxOf(store)
  if (!siwx) throw new Error('SIWX is not enabled')
  await siwx.setSessions([])
  if (siwx.getRequired?.() ?? true) {
    await disconnectWallet(store)
    closeModal(store, { force: true })
    resetView(store, 'Connect')
  }
}

/**
 * Runs the flow whenever the active account or network changes while connected (connect,
 * switch, reload), and clears sessions on disconnect when the config says signOutOnDisconnect.
 * Started once per instance by whatever connects first (the adapters' runtime, WalletConnect).
 */
const watching = new WeakSet<Store>()

export function watchSiwx(store: Store): void {
  if (watching.has(store) || !siwxOf(store)) return
  watching.add(store)
  let last: string | undefined
  effect(() => {
    const account = activeAccount(store)
    const key = account.status === 'connected' && account.caipAddress ? `${account.caipAddress}` : undefined
    const unsupported = store.network.unsupported.value
    if (key === last) return
    const previous = last
    last = key
    if (!key) {
      if (previous && siwxOf(store)?.signOutOnDisconnect) void siwxOf(store)?.setSessions([]).catch(() => {})
      return
    }
    if (!unsupported) void initializeIfEnabled(store, { prompt: store.modal.open.peek() || !!previous })
  })
}
