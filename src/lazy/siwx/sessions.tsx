// The Account view's Sessions list: the active address's SIWX sessions with domain, network
// and expiry, each revocable (on the reference service the wallet signs the revoke).
import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { SIWXSession } from '../../types'
import { activeAccount } from '../../signals/account'
import { showToast } from '../../signals/toast'
import { allSessions, revokeSiwxSession, signOutSiwx } from '../../signals/siwx'
import { errorMessage } from '../../utils/errors'
import { t } from '../../ui/base'
import { date } from '../../ui/format'

export function Sessions({ store }: { store: Store }) {
  const caipAddress = activeAccount(store).caipAddress
  const [sessions, setSessions] = useState<SIWXSession[] | undefined>()
  const [busy, setBusy] = useState<string>()
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    allSessions(store).then((list) => live && setSessions(list), () => live && setSessions([]))
    return () => {
      live = false
    }
  }, [caipAddress, version])

  if (!sessions) return null
  const networkName = (id: string) => store.network.networks.peek().find((n) => n.caipNetworkId === id)?.name ?? id
  const revoke = async (s: SIWXSession, key: string) => {
    setBusy(key)
    try {
      await revokeSiwxSession(store, s)
      showToast(store, 'success', 'Session revoked')
    } catch (error) {
      showToast(store, 'error', errorMessage(error, 'Failed to revoke the session'))
    } finally {
      setBusy(undefined)
      setVersion((n) => n + 1)
    }
  }
  const signOut = async () => {
    setBusy('sign-out')
    try {
      await signOutSiwx(store)
    } catch (error) {
      showToast(store, 'error', errorMessage(error, 'Failed to sign out'))
    } finally {
      setBusy(undefined)
      setVersion((n) => n + 1)
    }
  }
  return (
    <section class="stack" aria-label={t('Sessions')} data-testid="siwx-sessions">
      <strong>{t('Sessions')}</strong>
      {sessions.length === 0 && <p class="muted">{t('No active sessions.')}</p>}
      <ul class="stack" style="list-style:none;margin:0;padding:0">
        {sessions.map((s) => {
          const key = `${s.data.chainId}:${s.data.nonce}`
          return (
            <li key={key} data-testid="siwx-session" style="display:flex;align-items:center;gap:8px;justify-content:space-between">
              <span class="muted" style="text-align:left">
                {s.data.domain} · {networkName(s.data.chainId)}
                <br />
                {s.data.expirationTime ? t('Expires {date}', { date: date(new Date(s.data.expirationTime), { dateStyle: 'medium', timeStyle: 'short' }) }) : t('No expiry')}
              </span>
              <button type="button" class="btn secondary" disabled={busy !== undefined} onClick={() => revoke(s, key)}>
                {busy === key ? t('Revoking…') : t('Revoke')}
              </button>
            </li>
          )
        })}
      </ul>
      {sessions.length > 0 && (
        <button type="button" class="btn secondary" disabled={busy !== undefined} onClick={signOut}>{t('Sign out')}</button>
      )}
    </section>
  )
}
