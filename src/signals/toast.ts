import { signal } from '@preact/signals-core'

export type ToastVariant = 'loading' | 'success' | 'error'
export interface Toast {
  id: number
  variant: ToastVariant
  message: string
  /** A link the toast offers, e.g. a sent transaction on the block explorer. */
  link?: { href: string; label: string }
}

export const TOAST_DELAY_MS = 150
export const TOAST_DURATION_MS = 2500

export function createToastState() {
  return { current: signal<Toast | null>(null), timers: [] as ReturnType<typeof setTimeout>[], nextId: { value: 1 } }
}

/** The part of an instance's state these actions use (the Store has it). */
export type ToastStore = { toast: ReturnType<typeof createToastState> }

/** A new message closes the open one, then shows after 150 ms (SPEC section 4). */
export function showToast(store: ToastStore, variant: ToastVariant, message: string, link?: Toast['link']): void {
  const state = store.toast
  clearTimers(store)
  const toast: Toast = { id: state.nextId.value++, variant, message, ...(link && { link }) }
  const show = () => {
    state.current.value = toast
    if (variant !== 'loading') state.timers.push(setTimeout(() => hideToast(store, toast.id), TOAST_DURATION_MS))
  }
  if (state.current.peek()) {
    state.current.value = null
    state.timers.push(setTimeout(show, TOAST_DELAY_MS))
  } else {
    show()
  }
}

export function hideToast(store: ToastStore, id?: number): void {
  const current = store.toast.current.peek()
  if (current && (id === undefined || current.id === id)) store.toast.current.value = null
}

function clearTimers(store: ToastStore): void {
  for (const timer of store.toast.timers.splice(0)) clearTimeout(timer)
}
