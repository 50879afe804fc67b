import type { Store } from '../signals/store'
import { Spinner } from '../ui/Spinner'

export function Toast({ store }: { store: Store }) {
  const toast = store.toast.current.value
  return (
    <div aria-live="polite" role="status">
      {toast && (
        <div class={`toast ${toast.variant}`} data-variant={toast.variant}>
          {toast.variant === 'loading' && <Spinner label="" />}
          <span>{toast.message}</span>
        </div>
      )}
    </div>
  )
}
