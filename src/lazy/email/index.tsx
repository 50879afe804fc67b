// E-mail login: the field on the Connect view and the EmailVerifyOtp view. The code goes to the
// secure frame, never to the site: this chunk only passes what the visitor typed through it.
import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { pushView, closeModal } from '../../signals/modal'
import { connectWallet } from '../../signals/wallet'
import { emitEvent } from '../../signals/events'
import { removeStored, writeStored } from '../../utils/storage'
import { ConnectEmailReply, SOCIAL_PROVIDERS } from '../../utils/frame-messages'
import { Spinner } from '../../ui/Spinner'
import { embeddedFor } from '../embedded/driver'
import { EMBEDDED_KEYS } from '../embedded/storage'
import { inTelegram, platformOf, visibleSocials } from './socials'
import * as v from 'valibot'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

/** The texts this chunk writes itself; the secure frame's own reasons are said as they come. */
export const EMAIL_ERRORS = {
  UNKNOWN: 'An error occurred',
  INVALID_REPLY: 'Something went wrong',
  POPUP_BLOCKED: 'The login window was blocked',
} as const

const message = (error: unknown) => (error as Error)?.message || EMAIL_ERRORS.UNKNOWN

/** Asks for a login e-mail: a code, or for a device never used by this login, an approval link. */
export async function sendCode(store: Store, email: string): Promise<'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'> {
  const { frame } = embeddedFor(store)
  const reply = v.safeParse(ConnectEmailReply, await frame.request('CONNECT_EMAIL', { email }))
  if (!reply.success) throw new Error(EMAIL_ERRORS.INVALID_REPLY)
  writeStored(EMBEDDED_KEYS.lastEmailLoginTime, Date.now())
  // A link is not a code: EMAIL_VERIFICATION_CODE_SENT waits for the device's approval (EmailVerifyDevice).
  if (reply.output.action !== 'VERIFY_DEVICE') emitEvent(store, 'EMAIL_VERIFICATION_CODE_SENT', { email })
  return reply.output.action
}

const RedirectReply = v.object({ uri: v.pipe(v.string(), v.url()) })
const LABELS: Record<string, string> = { google: 'Google', x: 'X', discord: 'Discord', farcaster: 'Farcaster', github: 'GitHub', apple: 'Apple', facebook: 'Facebook' }

/**
 * A social login: the popup opens at once (inside the click, so browsers allow it), then goes to
 * the provider's page that the secure frame names; the frame finishes the login on its origin.
 */
function socialLogin(store: Store, provider: string, fail: (message: string) => void): void {
  const popup = window.open('', 'postern-social', 'width=500,height=640')
  const { frame, connector } = embeddedFor(store)
  emitEvent(store, 'SOCIAL_LOGIN_STARTED', { provider })
  frame.request('GET_SOCIAL_REDIRECT_URI', { provider: provider as (typeof SOCIAL_PROVIDERS)[number] })
    .then((reply) => {
      const { uri } = v.parse(RedirectReply, reply)
      if (!popup) throw new Error(EMAIL_ERRORS.POPUP_BLOCKED)
      popup.location.href = uri
      emitEvent(store, 'SOCIAL_LOGIN_REQUEST_USER_DATA', { provider })
      return frame.request('CONNECT_SOCIAL', { uri })
    })
    .then(() => {
      writeStored(EMBEDDED_KEYS.connectedSocial, provider)
      return connectWallet(store, connector)
    })
    .then(() => {
      emitEvent(store, 'SOCIAL_LOGIN_SUCCESS', { provider })
      void closeModal(store)
    }, (err: unknown) => {
      popup?.close()
      emitEvent(store, 'SOCIAL_LOGIN_ERROR', { provider, message: message(err) })
      fail(message(err))
    })
}

/** The Connect view's e-mail field (features.email). */
export function EmailField({ store }: { store: Store }) {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  // features.socials order; the frame serves six by OpenID, and Farcaster by its QR view.
  const socials = visibleSocials(store.options.features.socials, inTelegram(), platformOf(navigator.userAgent))
  // The frame starts loading as the field shows, so it is ready by the time a code is asked for.
  useEffect(() => void embeddedFor(store), [])
  const submit = (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    emitEvent(store, 'EMAIL_SUBMITTED')
    sendCode(store, email.trim()).then(
      (action) => pushView(store, action === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp', { email: email.trim() }),
      (err: unknown) => setError(message(err)),
    ).finally(() => setBusy(false))
  }
  return (
    <form class="stack" onSubmit={submit} data-testid="w3m-email-login">
      <label class="hint" for="w3m-email">{t('Email')}</label>
      <input id="w3m-email" type="email" autoComplete="email" required placeholder={t('Email')} value={email} data-testid="w3m-email-input"
        aria-invalid={!!error} aria-describedby={error ? 'w3m-email-error' : undefined} onFocus={() => emitEvent(store, 'EMAIL_LOGIN_SELECTED')} onInput={(e) => setEmail(e.currentTarget.value)} />
      {error && <p id="w3m-email-error" class="error" role="alert" data-testid="w3m-email-error">{said(error)}</p>}
      <button type="submit" class="btn primary wide" disabled={busy || !email.includes('@')}>{busy ? <Spinner label={t('Sending code')} /> : t('Continue')}</button>
      {socials.length > 0 && (
        <ul class="list" aria-label={t('Social logins')}>
          {socials.map((p) => (
            <li key={p}><button type="button" class="btn secondary wide" data-testid={`w3m-social-${p}`} onClick={() => (p === 'farcaster' ? pushView(store, 'ConnectingFarcaster') : socialLogin(store, p, setError))}>{LABELS[p]}</button></li>
          ))}
        </ul>
      )}
    </form>
  )
}

/** EmailVerifyOtp: the 6-digit code from the mail, then the connection. */
export function EmailVerifyOtp({ store, route }: { store: Store; route: Route }) {
  const email = String(route.data?.email ?? '')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [resent, setResent] = useState<string>()
  const verify = (otp: string) => {
    const embedded = embeddedFor(store)
    setBusy(true)
    setError(undefined)
    embedded.frame.request('CONNECT_OTP', { otp })
      .then(() => {
        for (const key of [EMBEDDED_KEYS.connectedSocial, EMBEDDED_KEYS.socialUsername]) removeStored(key)
        return connectWallet(store, embedded.connector)
      })
      .then(() => {
        emitEvent(store, 'EMAIL_VERIFICATION_CODE_PASS')
        void closeModal(store)
      }, (err: unknown) => {
        emitEvent(store, 'EMAIL_VERIFICATION_CODE_FAIL', { message: message(err) })
        setError(message(err))
        setCode('')
      })
      .finally(() => setBusy(false))
  }
  const onInput = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6)
    setCode(digits)
    if (digits.length === 6 && !busy) verify(digits)
  }
  const resend = () => sendCode(store, email).then(() => setResent(t('A new code is on its way.')), (err: unknown) => setError(message(err)))
  return (
    <div class="stack" data-testid="w3m-email-otp">
      <label class="hint" for="w3m-otp">{t('Enter the code we sent to {email}', { email })}</label>
      <input id="w3m-otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} disabled={busy} data-testid="w3m-otp-input"
        aria-invalid={!!error} onInput={(e) => onInput(e.currentTarget.value)} />
      {busy && <Spinner label={t('Verifying code')} />}
      {error && <p class="error" role="alert" data-testid="w3m-otp-error">{said(error)}</p>}
      {resent && <p class="hint" role="status">{resent}</p>}
      <button type="button" class="btn secondary wide" onClick={() => void resend()}>{t('Resend code')}</button>
    </div>
  )
}
