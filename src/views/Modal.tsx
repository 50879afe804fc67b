import { useEffect, useLayoutEffect, useRef } from 'preact/hooks'
import type { Store } from '../signals/store'
import { closeModal, currentRoute, goBack, pushView, resolveOpeningView } from '../signals/modal'
import { resolveVariables } from '../signals/theme'
import { VIEWS, type ViewEntry } from './routes'
import { Toast } from './Toast'
import { LazyView } from './LazyView'
import { deepActiveElement, trapTab } from './focus'
import { t } from '../ui/base'
import { isMobile } from '../utils/platform'
import { useLocaleOption } from './locale'

const TITLE_ID = 'w3m-title'

/** The dialog shell: header with back and close, the current view, the toast. */
export function Modal({ store, host }: { store: Store; host: HTMLElement }) {
  const embedded = !!store.options.enableEmbedded
  const open = store.modal.open.value || embedded
  const route = currentRoute(store)
  const stack = store.modal.stack.value
  const dialog = useRef<HTMLDivElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const opened = useRef(false)
  if (open) opened.current = true
  // Mounted ahead of a first open (signals/modal-prepare.ts), the view a plain open() would show
  // is rendered and laid out hidden, so a tap only makes it visible: invisible (visibility: hidden
  // takes it out of the accessibility tree, focus and hit testing), with no dialog role, focus or key handling.
  const hidden = !open && !opened.current && route.view === 'Connect' && resolveOpeningView(store, {}, isMobile()) === 'Connect'

  useThemeOnHost(store, host)
  useLocaleOption(store, host)

  // A layout effect: focus is captured before it moves in, and returned the moment the dialog goes.
  useLayoutEffect(() => {
    if (!open || embedded) return
    returnFocus.current = deepActiveElement()
    return () => {
      const target = returnFocus.current
      if (target?.isConnected) target.focus()
    }
  }, [open, embedded])

  // Each new view moves focus to its heading: a screen reader says where the person is, and
  // Tab goes on to the view's controls (a view with a search box takes focus there itself).
  useEffect(() => {
    if (!open || embedded || !dialog.current) return
    ;(dialog.current.querySelector<HTMLElement>(`#${TITLE_ID}`) ?? dialog.current).focus()
  }, [open, route])

  // Keys are watched on the document: focus can fall out of the dialog when the element that
  // had it is replaced (a list that finished loading), and Escape and Tab must still work.
  // A layout effect, so the very first key after opening is already heard.
  useLayoutEffect(() => {
    if (!open || embedded) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        closeModal(store)
      } else if (event.key === 'Tab' && dialog.current) {
        trapTab(event, dialog.current)
      } else if (/^(Arrow|Home|End)/.test(event.key) && deepActiveElement()?.closest('.list,.aw-grid')) {
        event.preventDefault()
        void import('./arrows').then((m) => m.arrowKeys(event.key, deepActiveElement()))
      }
    }
    // When the focused control is replaced, focus would drop to the page: keep it in the dialog.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) return
      setTimeout(() => {
        const root = dialog.current?.getRootNode() as ShadowRoot | undefined
        if (dialog.current?.isConnected && !root?.activeElement && document.hasFocus()) dialog.current.focus()
      })
    }
    const node = dialog.current
    document.addEventListener('keydown', onKeyDown)
    node?.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      node?.removeEventListener('focusout', onFocusOut)
    }
  }, [open, embedded])

  if (!open && !hidden) return null
  // A view an optional entry brings (postern/pay's) comes in its route, not in every site's modal chunk.
  const entry = VIEWS[route.view] ?? (route.data?.view as ViewEntry | undefined)
  const props = { store, route }
  // Titles are English keys (routes.ts); a wallet's name is no key and stays as it is.
  const title = entry ? t(entry.title(props)) : route.view

  return (
    <div
      class={`overlay${embedded ? ' embedded' : ''}${hidden ? ' hid' : ''}`}
      onClick={(event) => event.target === event.currentTarget && !embedded && closeModal(store)}
    >
      <div
        ref={dialog}
        {...(!hidden && { role: 'dialog', 'aria-modal': embedded ? undefined : 'true', 'aria-labelledby': TITLE_ID })}
        tabIndex={-1}
        class={`card${store.modal.shake.value ? ' shake' : ''}`}
      >
        {/* Plain blocks, not <header>/<main>: a dialog must not add page landmarks to the site's. */}
        <div class="head">
          {stack.length > 1 ? (
            <button type="button" class="icon-btn" aria-label={t('Back')} onClick={() => goBack(store)}>‹</button>
          ) : route.view === 'Connect' ? (
            // AppKit's help button on Connect.
            <button type="button" class="icon-btn" aria-label={t('What is a wallet?')} onClick={() => pushView(store, 'WhatIsAWallet')}>?</button>
          ) : <span />}
          <h2 id={TITLE_ID} tabIndex={-1}>{title}</h2>
          {embedded ? <span /> : (
            <button type="button" class="icon-btn" aria-label={t('Close')} disabled={!!route.data?.siwxRequired} onClick={() => closeModal(store)}>×</button>
          )}
        </div>
        <div class="body">{entry && <LazyView entry={entry} {...props} />}</div>
        <Toast store={store} />
      </div>
    </div>
  )
}

/** Theme mode and the theme variables (both spellings, --apkt-* winning) live on the host, where the stylesheet reads them. */
function useThemeOnHost(store: Store, host: HTMLElement) {
  const mode = store.theme.mode.value
  const variables = resolveVariables(store.theme.variables.value)
  // A layout effect: the mode is on the host before the first frame paints (no dark flash in light mode).
  useLayoutEffect(() => {
    host.dataset.theme = mode
    // AppKit's enableMobileFullScreen: on a phone the modal takes the whole screen (styles.ts).
    host.toggleAttribute('data-mobile-fullscreen', !!store.options.enableMobileFullScreen && isMobile())
    for (const [name, value] of Object.entries(variables)) host.style.setProperty(name, value)
    return () => Object.keys(variables).forEach((name) => host.style.removeProperty(name))
  }, [mode, store.theme.variables.value])
}
