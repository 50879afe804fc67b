// The Account view's smart sessions (features.smartSessions): the sessions the smart account has
// granted and not revoked, read from its own events through the wallet's provider (eth_getLogs is a
// read the frame forwards), each with a Revoke button that asks wallet_revokePermissions (approved
// in the secure frame). The account enforces expiry itself; expired ones are not listed.
import { readSessions, type Provider, type Session } from '../../utils/smart-session-logs'
import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import { activeAccount } from '../../signals/account'
import { showToast } from '../../signals/toast'
import { truncateAddress } from '../../utils/address'
import { t } from '../../ui/base'
import { date } from '../../ui/format'

export function SmartSessions({ store, address }: { store: Store; address: string }) {
  const [sessions, setSessions] = useState<Session[]>()
  const [revoking, setRevoking] = useState<string>()
  const provider = () => {
    const { connectorId } = activeAccount(store)
    return (connectorId && store.drivers.get(connectorId)?.getProvider?.(connectorId)) as Provider | undefined
  }
  const load = async () => {
    const p = provider()
    setSessions(p ? await readSessions(p, address, Date.now() / 1000).catch(() => []) : [])
  }
  useEffect(() => void load(), [address])
  const revoke = async (key: string) => {
    setRevoking(key)
    try {
      await provider()?.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: key }] })
      showToast(store, 'success', 'Session revoked')
      await load()
    } catch {
      showToast(store, 'error', 'Failed to revoke the session')
    } finally {
      setRevoking(undefined)
    }
  }
  if (!sessions?.length) return null
  return (
    <ul class="list" aria-label={t('Smart sessions')} data-testid="smart-sessions">
      {sessions.map((s) => (
        <li key={s.key} class="item static">
          <span class="name">{t('Session {key}', { key: truncateAddress(s.key) })}<span class="sub">{t('until {date}', { date: date(s.until * 1000, { dateStyle: 'medium', timeStyle: 'short' }) })}</span></span>
          <button type="button" class="btn secondary" aria-label={t('Revoke session {key}', { key: truncateAddress(s.key) })} aria-busy={revoking === s.key} disabled={!!revoking} onClick={() => void revoke(s.key)} data-testid="smart-session-revoke">{t('Revoke')}</button>
        </li>
      ))}
    </ul>
  )
}
