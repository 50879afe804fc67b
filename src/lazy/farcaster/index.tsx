// ConnectingFarcaster, as AppKit's: the secure frame opens a Farcaster Connect channel
// (GET_FARCASTER_URI); its link shows as a QR code (desktop) or an "Open Farcaster" link (mobile),
// with a copy button; CONNECT_FARCASTER waits in the frame until the Farcaster app signs in, then
// the embedded wallet connects like an e-mail login, with authProvider 'farcaster'.
import { useEffect, useState } from 'preact/hooks'
import * as v from 'valibot'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { closeModal, currentRoute } from '../../signals/modal'
import { connectWallet } from '../../signals/wallet'
import { emitEvent } from '../../signals/events'
import { showToast } from '../../signals/toast'
import { writeStored } from '../../utils/storage'
import { safeUrl } from '../../utils/url'
import { isMobile } from '../../utils/platform'
import { Spinner } from '../../ui/Spinner'
import { embeddedFor } from '../embedded/driver'
import { EMBEDDED_KEYS } from '../embedded/storage'
import { QrCode } from '../qr/index'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

const PROVIDER = 'farcaster'
const UriReply = v.object({ url: v.string() })
/** Only a web link or Farcaster's registered deep-link scheme is shown or followed. */
export const farcasterLink = (url: string) => safeUrl(url, ['farcaster'])

type Phase = { at: 'uri' } | { at: 'scan'; url: string } | { at: 'loading' } | { at: 'error'; message: string }

export function ConnectingFarcaster({ store, route }: { store: Store; route: Route }) {
  const [phase, setPhase] = useState<Phase>({ at: 'uri' })
  const [round, setRound] = useState(0)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    let live = true
    const { frame, connector } = embeddedFor(store)
    const fail = (error: unknown) => {
      if (!live) return
      const message = (error as Error)?.message || 'An error occurred'
      emitEvent(store, 'SOCIAL_LOGIN_ERROR', { provider: PROVIDER, message })
      setPhase({ at: 'error', message })
    }
    // The frame answers within 30 s or the request times out: ask again while the view shows.
    const listen = (): Promise<unknown> => frame.request('CONNECT_FARCASTER').catch((error: unknown) => {
      if (live && currentRoute(store) === route && (error as Error)?.message === 'iframe_request_timeout') return listen()
      throw error
    })
    emitEvent(store, 'SOCIAL_LOGIN_STARTED', { provider: PROVIDER })
    frame.request('GET_FARCASTER_URI')
      .then((reply) => {
        const url = farcasterLink(v.parse(UriReply, reply).url)
        if (!url) throw new Error('The Farcaster link is not a web or farcaster: link')
        if (!live) return
        setPhase({ at: 'scan', url })
        emitEvent(store, 'SOCIAL_LOGIN_REQUEST_USER_DATA', { provider: PROVIDER })
        return listen().then(() => {
          if (!live) return
          setPhase({ at: 'loading' })
          writeStored(EMBEDDED_KEYS.connectedSocial, PROVIDER)
          return connectWallet(store, connector).then(() => {
            emitEvent(store, 'SOCIAL_LOGIN_SUCCESS', { provider: PROVIDER })
            void closeModal(store)
          })
        })
      })
      .catch(fail)
    return () => void (live = false)
  }, [round])
  // As AppKit's view: leaving it before the login connected counts as a cancel.
  useEffect(() => () => {
    if (!store.accounts.byNamespace.peek()[store.network.activeNamespace.peek()]?.caipAddress) emitEvent(store, 'SOCIAL_LOGIN_CANCELED', { provider: PROVIDER })
  }, [])
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  if (phase.at === 'error') {
    return (
      <div class="stack center" data-testid="w3m-farcaster-error">
        <p class="error" role="alert">{said(phase.message)}</p>
        <button type="button" class="btn primary wide" onClick={() => (setPhase({ at: 'uri' }), setRound((n) => n + 1))}>{t('Try again')}</button>
      </div>
    )
  }
  if (phase.at !== 'scan') {
    return (
      <div class="stack center" data-testid="w3m-farcaster-loading">
        <Spinner label={t('Loading')} />
      </div>
    )
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(phase.url)
      setCopied(true)
      showToast(store, 'success', 'Link copied')
    } catch {
      showToast(store, 'error', 'Failed to copy')
    }
  }
  const mobile = isMobile()
  return (
    <div class="stack center" data-testid="w3m-farcaster-view" data-uri={phase.url}>
      {mobile
        ? <><p>{t('Continue in {name}', { name: 'Farcaster' })}</p><p class="muted">{t('Accept connection request in the wallet')}</p></>
        : <><QrCode uri={phase.url} label={t('Scan this QR code with your phone')} fallbackText="F" size={232} /><p>{t('Scan this QR code with your phone')}</p></>}
      <a class={`btn ${mobile ? 'primary' : 'secondary'} wide`} href={phase.url} target="_blank" rel="noopener noreferrer" data-testid="w3m-farcaster-open">{t('Open {name}', { name: 'Farcaster' })}</a>
      <button type="button" class="btn secondary wide" onClick={copy} aria-live="polite" data-testid="w3m-farcaster-copy">{copied ? t('Copied') : t('Copy link')}</button>
    </div>
  )
}
