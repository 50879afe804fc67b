import type { ResolvedOptions } from './options'
import { emitEvent, type EventsStore } from './events'
import { accountFor, activeAccount, type AccountStore } from './account'
import type { ChainNamespace } from '../types'
import type { createNetworkState } from './network'
import type { createModalState, Route, ViewName } from './modal-state'

export type { Route, ViewName } from './modal-state'

export const SHAKE_MS = 500

export { createModalState } from './modal-state'

/** AppKit's OpenOptions: `arguments` feeds the Swap and WalletSend views; `namespace` filters Connect. */
export interface OpenArgs {
  view?: ViewName
  namespace?: ChainNamespace | string
  arguments?: Record<string, unknown>
  uri?: string
  data?: Record<string, unknown>
}

/** The part of an instance's state these actions use (the Store has it). */
export type ModalStore = AccountStore & EventsStore & {
  modal: ReturnType<typeof createModalState>
  options: Pick<ResolvedOptions, 'adapters' | 'enableEmbedded' | 'manualWCControl'>
  network: ReturnType<typeof createNetworkState>
}

/** SPEC section 2, rules 1 to 5, in order; with a namespace, that namespace's account decides. */
export function resolveOpeningView(store: ModalStore, args: OpenArgs, mobile: boolean): ViewName {
  const namespace = args.namespace as ChainNamespace | undefined
  const hasAddress = !!(namespace ? accountFor(store, namespace) : activeAccount(store))?.address
  const noAdapters = store.options.adapters.length === 0
  if ((store.options.manualWCControl || noAdapters) && !hasAddress && !args.view) return mobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  if (args.view) return args.view
  if (hasAddress) return 'Account'
  return 'Connect'
}

/**
 * AppKit's ModalController.open: a namespace other than the active one becomes active (on its
 * last chosen network) and Connect lists only its wallets; arguments reach Swap and WalletSend.
 */
export function openModal(store: ModalStore, args: OpenArgs, mobile: boolean): void {
  const namespace = args.namespace as ChainNamespace | undefined
  const network = store.network
  if (namespace && namespace !== network.activeNamespace.peek()) {
    const target = network.byNamespace.peek()[namespace] ?? network.networks.peek().find((n) => n.chainNamespace === namespace)?.caipNetworkId
    if (target) {
      network.activeNamespace.value = namespace
      network.activeCaipNetworkId.value = target
    }
  }
  const view = resolveOpeningView(store, args, mobile)
  const data: Record<string, unknown> = { ...args.data, ...(namespace && { namespace }), ...(args.uri && { uri: args.uri }) }
  if (args.arguments) data[view === 'Swap' ? 'swap' : view === 'WalletSend' ? 'send' : 'arguments'] = args.arguments
  store.modal.stack.value = [{ view, data: Object.keys(data).length ? data : undefined }]
  if (!store.modal.open.peek()) {
    store.modal.open.value = true
    emitEvent(store, 'MODAL_OPEN', { connected: !!activeAccount(store)?.address })
  }
}

/** SPEC section 2: ApproveTransaction ignores close unless forced; embedded mode returns home. */
export function closeModal(store: ModalStore, { force = false } = {}): boolean {
  const current = currentRoute(store).view
  if (current === 'ApproveTransaction' && !force) return false
  // SPEC section 2: no closing the sign view while sign-in is required and there is no session.
  if (!force && current === 'SIWXSignMessage' && currentRoute(store).data?.siwxRequired) return shakeModal(store), false
  if (store.options.enableEmbedded) {
    store.modal.stack.value = [{ view: activeAccount(store)?.address ? 'Account' : 'Connect' }]
    return true
  }
  if (!store.modal.open.peek()) return true
  store.modal.open.value = false
  emitEvent(store, 'MODAL_CLOSE', { connected: !!activeAccount(store)?.address })
  return true
}

export function currentRoute(store: ModalStore): Route {
  const stack = store.modal.stack.value
  return stack[stack.length - 1] ?? { view: 'Connect' }
}

/** The event AppKit sends from the button that leads to each view. */
const CLICK_EVENTS: Partial<Record<ViewName, string>> = {
  AllWallets: 'CLICK_ALL_WALLETS', Networks: 'CLICK_NETWORKS', WhatIsAWallet: 'CLICK_WALLET_HELP', WhatIsANetwork: 'CLICK_NETWORK_HELP',
}

export function pushView(store: ModalStore, view: ViewName, data?: Record<string, unknown>): void {
  store.modal.stack.value = [...store.modal.stack.peek(), { view, data }]
  const click = CLICK_EVENTS[view]
  if (click) emitEvent(store, click)
}

export function replaceView(store: ModalStore, view: ViewName, data?: Record<string, unknown>): void {
  store.modal.stack.value = [...store.modal.stack.peek().slice(0, -1), { view, data }]
}

/** Resets the stack to one view (after connect or disconnect). */
export function resetView(store: ModalStore, view: ViewName): void {
  store.modal.stack.value = [{ view }]
}

export function goBack(store: ModalStore): void {
  const stack = store.modal.stack.peek()
  if (stack.length > 1) store.modal.stack.value = stack.slice(0, -1)
}

export function shakeModal(store: ModalStore): void {
  store.modal.shake.value = true
  setTimeout(() => (store.modal.shake.value = false), SHAKE_MS)
}
