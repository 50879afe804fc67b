import type { Store } from './store'
import { whenIdle } from '../utils/idle'

/**
 * A page that has not opened the modal by the time it is idle gets the modal's host, styles and
 * locale ready then, so a visitor's first tap only renders the view (a third less work on a
 * phone); AppKit, too, puts its <w3m-modal> in the page once createAppKit has run. Started with
 * the connection runtime, so the loader carries none of it. Not for a host the site places itself
 * (enableEmbedded, disableAppend); a preparation that fails is dropped, and the first open mounts
 * again.
 */
export function prepareModalWhenIdle(store: Store): void {
  if (store.options.enableEmbedded || store.options.disableAppend) return
  whenIdle(() => {
    if (store.ui.shown || !store.ui.mount) return
    const shown = store.ui.mount()
    shown.catch(() => {
      if (store.ui.shown === shown) store.ui.mounting = store.ui.shown = undefined
    })
  })
}
