// Changing the embedded wallet's e-mail, as AppKit's UpdateEmailWallet, UpdateEmailPrimaryOtp and
// UpdateEmailSecondaryOtp views: the new address, then a code mailed to the current one, then one
// mailed to the new one. Codes go to the secure frame; this chunk never sees what they unlock.
import { useState } from 'preact/hooks'
import * as v from 'valibot'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { goBack, pushView, replaceView, resetView } from '../../signals/modal'
import { emitEvent } from '../../signals/events'
import { accountFor, setAccountState } from '../../signals/account'
import { writeStored } from '../../utils/storage'
import { EMBEDDED_KEYS } from '../../utils/embedded-keys'
import { Spinner } from '../../ui/Spinner'
import { embeddedFor } from '../embedded/driver'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

const message = (error: unknown) => (error as Error)?.message || 'An error occurred'
const UpdateReply = v.object({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
const UpdatedReply = v.object({ newEmail: v.pipe(v.string(), v.email()) })

type Props = { store: Store; route: Route }

/** UpdateEmailWallet: the new address; Save asks the frame to start the change. */
export function UpdateEmailWallet({ store, route }: Props) {
  const initial = String(route.data?.email ?? '')
  const [email, setEmail] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const ready = !busy && email.trim().length > 3 && email.trim() !== initial
  const submit = (e: Event) => {
    e.preventDefault()
    if (!ready) return
    setBusy(true)
    setError(undefined)
    const newEmail = email.trim()
    embeddedFor(store).frame.request('UPDATE_EMAIL', { email: newEmail }).then((reply) => {
      const { action } = v.parse(UpdateReply, reply)
      writeStored(EMBEDDED_KEYS.lastEmailLoginTime, Date.now())
      emitEvent(store, 'EMAIL_EDIT')
      pushView(store, action === 'VERIFY_SECONDARY_OTP' ? 'UpdateEmailSecondaryOtp' : 'UpdateEmailPrimaryOtp', { ...route.data, email: initial, newEmail })
    }, (err: unknown) => setError(message(err))).finally(() => setBusy(false))
  }
  return (
    <form class="stack" onSubmit={submit} data-testid="w3m-update-email">
      <label class="hint" for="w3m-update-email">{t('New email')}</label>
      <input id="w3m-update-email" type="email" autoComplete="email" required value={email} disabled={busy} data-testid="w3m-update-email-input"
        aria-invalid={!!error} aria-describedby={error ? 'w3m-update-email-error' : undefined} onInput={(e) => setEmail(e.currentTarget.value)} />
      {error && <p id="w3m-update-email-error" class="error" role="alert">{said(error)}</p>}
      <button type="submit" class="btn primary wide" disabled={!ready}>{busy ? <Spinner label={t('Saving')} /> : t('Save')}</button>
      {!!route.data?.redirectView && <button type="button" class="btn secondary wide" onClick={() => goBack(store)}>{t('Cancel')}</button>}
    </form>
  )
}

/** The 6-digit code field both confirmation steps share, with AppKit's "start over". */
function OtpStep({ store, route, to, step }: Props & { to: string; step: (otp: string) => Promise<void> }) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const onInput = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6)
    setCode(digits)
    if (digits.length !== 6 || busy) return
    setBusy(true)
    setError(undefined)
    step(digits).then(() => emitEvent(store, 'EMAIL_VERIFICATION_CODE_PASS'), (err: unknown) => {
      emitEvent(store, 'EMAIL_VERIFICATION_CODE_FAIL', { message: message(err) })
      setError(message(err))
      setCode('')
    }).finally(() => setBusy(false))
  }
  return (
    <div class="stack" data-testid="w3m-update-email-otp">
      <label class="hint" for="w3m-update-otp">{t('Enter the code we sent to {email}', { email: to })}</label>
      <input id="w3m-update-otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} disabled={busy} data-testid="w3m-update-otp-input"
        aria-invalid={!!error} onInput={(e) => onInput(e.currentTarget.value)} />
      {busy && <Spinner label={t('Verifying code')} />}
      {error && <p class="error" role="alert" data-testid="w3m-update-otp-error">{said(error)}</p>}
      <button type="button" class="btn secondary wide" onClick={() => replaceView(store, 'UpdateEmailWallet', route.data)}>{t('Start over')}</button>
    </div>
  )
}

/** UpdateEmailPrimaryOtp: the code mailed to the current address. */
export function UpdateEmailPrimaryOtp({ store, route }: Props) {
  const step = async (otp: string) => {
    await embeddedFor(store).frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
    replaceView(store, 'UpdateEmailSecondaryOtp', route.data)
  }
  return <OtpStep store={store} route={route} to={String(route.data?.email ?? '')} step={step} />
}

/** UpdateEmailSecondaryOtp: the code mailed to the new address; then the new e-mail is the login's. */
export function UpdateEmailSecondaryOtp({ store, route }: Props) {
  const step = async (otp: string) => {
    const { newEmail } = v.parse(UpdatedReply, await embeddedFor(store).frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp }))
    // AppKit's setLoginSuccess: the stored e-mail and the account's user follow the change.
    writeStored(EMBEDDED_KEYS.email, newEmail)
    const user = accountFor(store, 'eip155').user
    setAccountState(store, 'eip155', { user: { ...user, email: newEmail } })
    const redirect = route.data?.redirectView
    if (redirect === 'Account') resetView(store, 'Account')
  }
  return <OtpStep store={store} route={route} to={String(route.data?.newEmail ?? '')} step={step} />
}
