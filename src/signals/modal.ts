import { signal } from '@preact/signals-core'
import type { ResolvedOptions } from './options'
import { emitEvent, type EventsStore } from './events'
import { activeAccount, type AccountStore } from './account'

export type ViewName =
  | 'Connect' | 'Account' | 'AllWallets' | 'Networks' | 'ConnectingWalletConnectBasic'
  | 'ConnectingWalletConnect' | 'ConnectingExternal' | 'UnsupportedChain' | 'SIWXSignMessage'
  | 'ApproveTransaction' | 'RegisterAccountName' | 'RegisterAccountNameSuccess' | 'Swap'
  | 'WhatIsAWallet' | 'WalletSend' | 'WalletReceive'

export interface Route {
  view: ViewName
  data?: Record<string, unknown>
}

export const SHAKE_MS = 500

export function createModalState() {
  return {
    open: signal(false),
    stack: signal<Route[]>([{ view: 'Connect' }]),
    shake: signal(false),
  }
}

export interface OpenArgs {
  view?: ViewName
  namespace?: string
  data?: Record<string, unknown>
}

/** The part of an instance's state these actions use (the Store has it). */
export type ModalStore = AccountStore & EventsStore & { modal: ReturnType<typeof createModalState>; options: Pick<ResolvedOptions, 'adapters' | 'enableEmbedded'> }

/** SPEC section 2, rules 1 to 5, in order. */
export function resolveOpeningView(store: ModalStore, args: OpenArgs, mobile: boolean): ViewName {
  if (args.view) return args.view
  const hasAddress = !!activeAccount(store)?.address
  const noAdapters = store.options.adapters.length === 0
  if (noAdapters && !hasAddress) return mobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  if (hasAddress) return 'Account'
  return 'Connect'
}

export function openModal(store: ModalStore, args: OpenArgs, mobile: boolean): void {
  const view = resolveOpeningView(store, args, mobile)
  store.modal.stack.value = [{ view, data: args.data }]
  if (!store.modal.open.peek()) {
    store.modal.open.value = true
    emitEvent(store, 'MODAL_OPEN', { connected: !!activeAccount(store)?.address })
  }
}

/** SPEC section 2: ApproveTransaction ignores close unless forced; embedded mode returns home. */
export function closeModal(store: ModalStore, { force = false } = {}): boolean {
  const current = currentRoute(store).view
  if (current === 'ApproveTransaction' && !force) return false
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

export function pushView(store: ModalStore, view: ViewName, data?: Record<string, unknown>): void {
  store.modal.stack.value = [...store.modal.stack.peek(), { view, data }]
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
