// EmailVerifyDevice, as AppKit's: this browser never logged in to this e-mail, so the secure frame
// waits until the mailed link approves it; then a code is mailed and EmailVerifyOtp takes over.
import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { currentRoute, goBack, replaceView } from '../../signals/modal'
import { emitEvent } from '../../signals/events'
import { embeddedFor } from '../embedded/driver'
import { sendCode } from './index'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

export function EmailVerifyDevice({ store, route }: { store: Store; route: Route }) {
  const email = String(route.data?.email ?? '')
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ error?: boolean; text: string }>()
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    const listen = (): void => void embeddedFor(store).frame.request('CONNECT_DEVICE').then(() => {
      if (!live) return
      emitEvent(store, 'DEVICE_REGISTERED_FOR_EMAIL')
      emitEvent(store, 'EMAIL_VERIFICATION_CODE_SENT', { email })
      replaceView(store, 'EmailVerifyOtp', { email })
    }, (error: unknown) => {
      if (!live || currentRoute(store) !== route) return
      // The frame answers within 30 s or the request times out: keep waiting while the view shows.
      if ((error as Error)?.message === 'iframe_request_timeout') listen()
      else goBack(store)
    })
    listen()
    return () => void (live = false)
  }, [round])
  const resend = () => {
    setBusy(true)
    sendCode(store, email).then(() => {
      setNote({ text: t('Code email resent') })
      setRound((n) => n + 1)
    }, (error: unknown) => setNote({ error: true, text: (error as Error)?.message || t('An error occurred') })).finally(() => setBusy(false))
  }
  return (
    <div class="stack center" data-testid="w3m-email-verify-device">
      <p>{t('Approve the login link we sent to {email}', { email })}</p>
      <p class="muted">{t('The code expires in 20 minutes')}</p>
      {note && <p class={note.error ? 'error' : 'muted'} role={note.error ? 'alert' : 'status'}>{said(note.text)}</p>}
      <p class="muted">{t("Didn't receive it?")}</p>
      <button type="button" class="btn secondary wide" disabled={busy} onClick={resend}>{t('Resend email')}</button>
    </div>
  )
}
