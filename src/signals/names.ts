import { signal, type Signal } from '@preact/signals-core'
import { lookupName, namesForAddress, nameSuggestions, registerName, type NameRecord } from '../api/names'
import { reasonOr } from '../api/request'
import { accountFor, activeAccount, setAccountState } from './account'
import { emitEvent } from './events'
import { currentRoute, replaceView } from './modal'
import { patchSend, sendStateFor } from './send'
import type { Store } from './store'
import { driverFor } from './wallet'

/** The zone every name lives in (AppKit's ReownName and its suggestions zone). */
export const NAME_ZONE = 'reown.id'
/** SPEC section 9: name lookups are cached 5 minutes. */
export const NAME_CACHE_MS = 5 * 60_000
/** SPEC section 9: names are an eip155 feature. */
export const NAME_NAMESPACES = ['eip155']

/** SPEC section 8: the texts shown when the API gives no reason. */
export const NAME_ERRORS = {
  RESOLVE: 'Error resolving name',
  SUGGESTIONS: 'Error fetching name suggestions',
  REVERSE: 'Error fetching names for address',
  register: (name: string) => `Error registering name ${name}`,
  NETWORK: 'Network not found',
  CONNECTOR: 'Address or auth connector not found',
} as const

export interface NamesState {
  /** What the person typed: kept here, as the view remounts around the frame's approval. */
  label: string
  suggestions: { name: string; registered: boolean }[]
  loading: boolean
  error?: string
}

const states = new WeakMap<Store, Signal<NamesState>>()
const reverseCache = new Map<string, { at: number; names: NameRecord[] }>()

export function namesStateFor(store: Store): Signal<NamesState> {
  let state = states.get(store)
  if (!state) states.set(store, (state = signal({ label: '', suggestions: [], loading: false })))
  return state
}
export const patch = (store: Store, p: Partial<NamesState>) => {
  const s = namesStateFor(store)
  s.value = { ...s.peek(), ...p }
}
const api = (store: Store) => ({ baseUrl: store.options.blockchainApiUrl, projectId: store.options.projectId })

/** SPEC section 5: at least 4 characters, letters, digits and hyphens only. */
export const validateName = (label: string) => /^[a-zA-Z0-9-]{4,}$/.test(label)

const isSmartAccount = (store: Store) => activeAccount(store).preferredAccountType === 'smartAccount'

/** A name's record; throws with the API's first reason, else 'Error resolving name'. */
export async function resolveName(store: Store, name: string): Promise<NameRecord> {
  try {
    return await lookupName(api(store), name)
  } catch (error) {
    throw new Error(reasonOr(error, NAME_ERRORS.RESOLVE))
  }
}

/** Suggestions for what the person typed; the error is kept in the state for the view. */
export async function getSuggestions(store: Store, label: string): Promise<void> {
  patch(store, { loading: true, suggestions: [], error: undefined })
  try {
    const suggestions = await nameSuggestions(api(store), label, NAME_ZONE)
    patch(store, { suggestions, loading: false })
  } catch (error) {
    patch(store, { loading: false, error: reasonOr(error, NAME_ERRORS.SUGGESTIONS) })
  }
}

/** Reverse lookup, cached 5 minutes; throws with the API's reason, else the spec's fallback. */
export async function getNamesForAddress(store: Store, address: string): Promise<NameRecord[]> {
  const cached = reverseCache.get(address.toLowerCase())
  if (cached && Date.now() - cached.at < NAME_CACHE_MS) return cached.names
  try {
    const names = await namesForAddress(api(store), address)
    reverseCache.set(address.toLowerCase(), { at: Date.now(), names })
    return names
  } catch (error) {
    throw new Error(reasonOr(error, NAME_ERRORS.REVERSE))
  }
}

/**
 * Where the flow goes on: the modal may have closed when the secure frame hid its approval (before
 * the signature arrives), and then opens again on the view.
 */
async function showView(store: Store, view: 'RegisterAccountName' | 'RegisterAccountNameSuccess', data?: Record<string, unknown>): Promise<void> {
  if (!store.modal.open.peek() && !store.options.enableEmbedded && store.ui.open) return store.ui.open({ view, data })
  // Replacing the view it already shows would remount it for nothing.
  if (currentRoute(store).view !== view || data) replaceView(store, view, data)
}

/** SPEC section 7: an EVM chain's coin type is 0x80000000 OR its chain id. */
export const coinTypeOf = (chainId: number) => (0x80000000 | chainId) >>> 0

/**
 * SPEC section 4, name registration: loading, sign {name, attributes, timestamp} with the
 * embedded wallet, register, set the profile name, show RegisterAccountNameSuccess. A failure
 * returns to RegisterAccountName with the API's reason or 'Error registering name {name}'.
 */
export async function registerAccountName(store: Store, name: string): Promise<void> {
  const network = store.network.activeNetwork.peek()
  const account = accountFor(store, 'eip155')
  const connector = store.connection.connectors.peek().find((c) => c.id === account.connectorId || c.uid === account.connectorId)
  const properties = { isSmartAccount: isSmartAccount(store), ensName: name }
  emitEvent(store, 'REGISTER_NAME_INITIATED', properties)
  const fail = async (message: string) => {
    patch(store, { loading: false, error: message })
    emitEvent(store, 'REGISTER_NAME_ERROR', { ...properties, error: message })
    await showView(store, 'RegisterAccountName')
  }
  if (!network || network.chainNamespace !== 'eip155') return fail(NAME_ERRORS.NETWORK)
  if (!account.address || connector?.type !== 'AUTH') return fail(NAME_ERRORS.CONNECTOR)
  patch(store, { loading: true, error: undefined })
  try {
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const provider = driverFor(store, 'eip155', account.connectorId).getProvider?.(account.connectorId!) as { request(a: { method: string; params: unknown[] }): Promise<unknown> } | undefined
    if (!provider) throw new Error('Provider not found.')
    // AppKit pushes a transaction stack entry here: with a step to go back to, the frame's answer
    // returns to this view instead of closing the modal (and rejecting the signature on close).
    const stack = store.modal.stack.peek()
    if (stack.length === 1) store.modal.stack.value = [{ view: 'Account' }, ...stack]
    const hexMessage = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`
    const signature = String(await provider.request({ method: 'personal_sign', params: [hexMessage, account.address] }))
    await registerName(api(store), { coinType: coinTypeOf(Number(network.id)), address: account.address, message, signature })
    setAccountState(store, 'eip155', { profileName: name })
    store.accounts.profiles.delete(account.address)
    reverseCache.delete(account.address.toLowerCase())
    patch(store, { loading: false, label: '' })
    emitEvent(store, 'REGISTER_NAME_SUCCESS', properties)
    await showView(store, 'RegisterAccountNameSuccess', { name })
  } catch (error) {
    // AppKit's parseEnsApiError: a declined signature has no API reason either.
    await fail(reasonOr(error, NAME_ERRORS.register(name)))
  }
}

/**
 * The send form's receiver may be a name: once it resolves, the receiver becomes the name's
 * address and the name is kept as the receiver's profile name (AppKit's input-address).
 */
export async function resolveReceiverName(store: Store, text: string): Promise<void> {
  const name = text.trim().toLowerCase()
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name)) return
  const record = await resolveName(store, name).catch(() => undefined)
  const address = record && Object.values(record.addresses ?? {})[0]?.address
  if (!address || sendStateFor(store).form.peek().receiverAddress?.trim().toLowerCase() !== name) return
  patchSend(store, { receiverAddress: address, receiverProfileName: record.name })
}
