import type { Store } from '../signals/store'
import { Spinner, t } from '../ui/base'
import { safeUrl } from '../utils/url'

export function Toast({ store }: { store: Store }) {
  const toast = store.toast.current.value
  // Only an https: (or local http:) link is offered, e.g. a sent transaction on the explorer.
  const href = safeUrl(toast?.link?.href)
  return (
    // A live region: an error interrupts (alert), loading and success wait their turn (status).
    <div aria-live={toast?.variant === 'error' ? 'assertive' : 'polite'} role={toast?.variant === 'error' ? 'alert' : 'status'}>
      {toast && (
        <div class={`toast ${toast.variant}`} data-variant={toast.variant}>
          {toast.variant === 'loading' && <Spinner label="" />}
          {/* Messages come from signals in English; a catalogue key is said in the locale, anything else as it is. */}
          <span>{t(toast.message)}</span>
          {href && <a href={href} target="_blank" rel="noopener noreferrer">{t(toast.link!.label)}</a>}
        </div>
      )}
    </div>
  )
}
