import { signal } from '@preact/signals-core'
import type { Store } from './store'

export type ToastVariant = 'loading' | 'success' | 'error'
export interface Toast {
  id: number
  variant: ToastVariant
  message: string
}

export const TOAST_DELAY_MS = 150
export const TOAST_DURATION_MS = 2500

export function createToastState() {
  return { current: signal<Toast | null>(null), timers: [] as ReturnType<typeof setTimeout>[], nextId: { value: 1 } }
}

/** A new message closes the open one, then shows after 150 ms (SPEC section 4). */
export function showToast(store: Store, variant: ToastVariant, message: string): void {
  const state = store.toast
  clearTimers(store)
  const toast = { id: state.nextId.value++, variant, message }
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

export function hideToast(store: Store, id?: number): void {
  const current = store.toast.current.peek()
  if (current && (id === undefined || current.id === id)) store.toast.current.value = null
}

function clearTimers(store: Store): void {
  for (const timer of store.toast.timers.splice(0)) clearTimeout(timer)
}
