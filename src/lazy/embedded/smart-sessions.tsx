// The Account view's smart sessions (features.smartSessions): the sessions the smart account has
// granted and not revoked, read from its own events through the wallet's provider (eth_getLogs is a
// read the frame forwards), each with a Revoke button that asks wallet_revokePermissions (approved
// in the secure frame). The account enforces expiry itself; expired ones are not listed.
import * as v from 'valibot'
import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import { activeAccount } from '../../signals/account'
import { showToast } from '../../signals/toast'
import { truncateAddress } from '../../utils/address'
import { t } from '../../ui/base'
import { date } from '../../ui/format'

/** keccak256 of SessionGranted(address,uint48,uint128) and SessionRevoked(address) (dev/aa/PosternAccount.sol). */
const GRANTED = '0xf594381112b29ceb783e5cc3c17c34d72b98759863bff8da137015bddac227cd'
const REVOKED = '0x2991ab7bfda4556c9e662762b3dfa89a1df391084c4278286d466c1c187e5523'
const Logs = v.array(v.object({ topics: v.array(v.string()), data: v.string() }))
type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
interface Session { key: string; until: number }

/** Active sessions, from the account's grant and revoke events in order. */
export function activeSessions(logs: v.InferOutput<typeof Logs>, nowS: number): Session[] {
  const live = new Map<string, number>()
  for (const log of logs) {
    const key = `0x${(log.topics[1] ?? '').slice(-40)}`
    if (log.topics[0] === GRANTED) live.set(key, Number.parseInt(log.data.slice(2, 66), 16))
    else if (log.topics[0] === REVOKED) live.delete(key)
  }
  return [...live].filter(([, until]) => until > nowS).map(([key, until]) => ({ key, until }))
}

export function SmartSessions({ store, address }: { store: Store; address: string }) {
  const [sessions, setSessions] = useState<Session[]>()
  const [revoking, setRevoking] = useState<string>()
  const provider = () => {
    const { connectorId } = activeAccount(store)
    return (connectorId && store.drivers.get(connectorId)?.getProvider?.(connectorId)) as Provider | undefined
  }
  const load = async () => {
    const logs = v.safeParse(Logs, await provider()?.request({ method: 'eth_getLogs', params: [{ address, fromBlock: '0x0', toBlock: 'latest', topics: [[GRANTED, REVOKED]] }] }).catch(() => undefined))
    setSessions(logs.success ? activeSessions(logs.output, Date.now() / 1000) : [])
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
