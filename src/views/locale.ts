import { useEffect } from 'preact/hooks'
import type { Store } from '../signals/store'
import { askedLocale, locale, setLocale } from '../ui/base'

/**
 * updateOptions({ locale }) while the modal is mounted: the new locale's messages are fetched,
 * the root's lang and dir follow, and every view that says something re-renders in it (t() reads
 * a signal). Before the modal mounts, mountModal reads the option itself.
 */
export function useLocaleOption(store: Store, host: HTMLElement) {
  useEffect(() => {
    store.ui.relocale = (wanted) => void setLocale(wanted ?? navigator.language).then(() => {
      const root = host.shadowRoot?.querySelector<HTMLElement>('.root')
      if (!root) return
      root.lang = locale.lang
      if (locale.lang == 'ar') root.dir = 'rtl'
      else root.removeAttribute('dir')
    })
    // A change made while the modal was mounting (after mountModal read the option, before this
    // effect) found no relocale to call: speak it now. A host already taken out of the page (a
    // second instance mounted meanwhile) leaves the locale to the modal that is there.
    const wanted = store.options.locale ?? navigator.language
    if (host.isConnected && wanted != askedLocale()) store.ui.relocale(wanted)
    return () => void delete store.ui.relocale
  }, [])
}
