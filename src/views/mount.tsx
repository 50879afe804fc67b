import { render } from 'preact'
// Installs the hooks through which components re-render when a signal they read changes.
import '@preact/signals'
import type { Store } from '../signals/store'
import { Modal } from './Modal'
import { MODAL_CSS } from '../ui/styles'
import { late } from './late-css'
import { locale, setLocale } from '../ui/base'

export { openModal } from '../signals/modal'

const TAG = 'w3m-modal'

/**
 * Renders the modal into <w3m-modal>'s shadow root. The element is appended to the body on
 * first open, or before it once the page is idle (signals/modal-prepare.ts), unless the site
 * placed one itself (embedded mode) or disabled appending.
 */
export async function mountModal(store: Store): Promise<HTMLElement> {
  if (!customElements.get(TAG)) customElements.define(TAG, class extends HTMLElement {})
  const embedded = !!store.options.enableEmbedded
  // AppKit's <appkit-modal> placed by the site serves as well as its <w3m-modal>.
  let host = document.querySelector<HTMLElement>(`appkit-modal,${TAG}`)
  if (!host) {
    host = document.createElement(TAG)
    if (!embedded && !store.options.disableAppend) document.body.append(host)
  }
  if (host.shadowRoot?.querySelector('.root')) return host
  // The locale's messages arrive before the first render: no flash of English (kit.ts mounts once).
  await setLocale(store.options.locale ?? navigator.language)
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  // Adopted, not a <style> element: the modal works under a style-src without 'unsafe-inline'.
  // Only a browser without constructable sheets gets a <style>, with the site's `nonce` option.
  if (root.adoptedStyleSheets) (root.adoptedStyleSheets = [new CSSStyleSheet()])[0]!.replaceSync(MODAL_CSS)
  else root.append(Object.assign(document.createElement('style'), { nonce: store.options.nonce ?? '', textContent: MODAL_CSS }))
  const container = document.createElement('div')
  container.className = 'root'
  container.lang = locale.lang
  if (locale.lang == 'ar') container.dir = 'rtl'
  root.append(container)
  // A site that scales the type or mixes colours gets the late rules before the first render:
  // no first frame at the default sizes and colours.
  const adoptLate = () => import('../ui/styles-late').then((m) => m.adoptLate(root))
  if (Object.keys(store.theme.variables.peek()).some((k) => /(font-size-master|color-mix-strength)$/.test(k))) {
    await (late.css = adoptLate()).catch(() => undefined)
  }
  render(<Modal store={store} host={host} />, container)
  late.css ??= adoptLate()
  return host
}
