import { useEffect, useRef, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { currentRoute, replaceView } from '../../signals/modal'
import { activeAccount } from '../../signals/account'
import { emitEvent } from '../../signals/events'
import { getNamesForAddress, getSuggestions, NAME_NAMESPACES, NAME_ZONE, namesStateFor, patch as patchNames, registerAccountName, validateName } from '../../signals/names'
import { Spinner } from '../../ui/Spinner'
import { useStyles } from '../../ui/sheet'
import { NAMES_CSS } from './styles'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

const DEBOUNCE_MS = 500
/** Instances whose RegisterAccountName is shown, or hidden under ApproveTransaction. */
const visiting = new WeakSet<Store>()

/** The account's names (reverse lookup), or why they could not be read. */
function useOwnNames(store: Store, address: string | undefined) {
  const [names, setNames] = useState<{ list?: string[]; error?: string }>({})
  useEffect(() => {
    if (!address) return
    let live = true
    getNamesForAddress(store, address).then((r) => live && setNames({ list: r.map((n) => n.name) }), (e: Error) => live && setNames({ error: e.message }))
    return () => {
      live = false
    }
  }, [address])
  return names
}

/** RegisterAccountName: a name in the fixed zone, its suggestions, and registration (eip155 only). */
export function RegisterAccountName({ store }: { store: Store; route: Route }) {
  const s = namesStateFor(store).value
  const account = activeAccount(store)
  const namespace = store.network.activeNamespace.value
  const label = s.label
  const own = useOwnNames(store, account.address)
  const valid = validateName(label)
  const styled = useStyles(NAMES_CSS)

  // Once per visit: not again when the view comes back after the frame's approval.
  useEffect(() => {
    if (!visiting.has(store)) emitEvent(store, 'OPEN_ENS_FLOW', { isSmartAccount: account.preferredAccountType === 'smartAccount' })
    visiting.add(store)
    return () => void (currentRoute(store).view === 'ApproveTransaction' || visiting.delete(store))
  }, [])
  // Suggestions follow typing only: a label given back after a failed registration keeps its error.
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const onInput = (text: string) => {
    patchNames(store, { label: text })
    clearTimeout(timer.current)
    if (validateName(text)) timer.current = setTimeout(() => void getSuggestions(store, text), DEBOUNCE_MS)
  }

  if (!NAME_NAMESPACES.includes(namespace)) return <p class="center muted">{t('Names are available on EVM networks only.')}</p>
  const full = `${label.toLowerCase()}.${NAME_ZONE}`
  const taken = s.suggestions.some((x) => x.name === full && x.registered)
  return (
    <div class="names" ref={styled}>
      {own.list && own.list.length > 0 && <p class="hint" data-testid="names-own">{t('Your names: {names}', { names: own.list.join(', ') })}</p>}
      {own.error && <p class="error" role="alert">{said(own.error)}</p>}
      <label class="hint" for="name-input">{t('Choose your account name')}</label>
      <div class="field">
        <input id="name-input" value={label} autoComplete="off" spellcheck={false} aria-invalid={!!label && !valid} data-testid="name-input"
          onInput={(e) => onInput(e.currentTarget.value.trim())} />
        <span class="zone">.{NAME_ZONE}</span>
      </div>
      {label && !valid && <p class="error" role="alert">{t('Use at least 4 characters: letters, digits and hyphens only.')}</p>}
      {s.loading && <Spinner label={t('Loading suggestions')} />}
      {valid && s.suggestions.length > 0 && (
        <ul aria-label={t('Suggestions')} data-testid="name-suggestions">
          {s.suggestions.map((x) => (
            <li key={x.name}>
              <button type="button" class="btn secondary" disabled={x.registered} onClick={() => onInput(x.name.slice(0, -NAME_ZONE.length - 1))}>
                <span>{x.name}</span><span class="hint">{x.registered ? t('Registered') : t('Available')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {s.error && <p class="error" role="alert" data-testid="name-error">{said(s.error)}</p>}
      <button type="button" class="btn primary wide" disabled={!valid || taken || s.loading} data-testid="name-register" onClick={() => void registerAccountName(store, full)}>
        {taken ? t('Name taken') : t('Register')}
      </button>
    </div>
  )
}

/** RegisterAccountNameSuccess: the chosen name, then back to the account. */
export function RegisterAccountNameSuccess({ store, route }: { store: Store; route: Route }) {
  return (
    <div class="names center" ref={useStyles(NAMES_CSS)}>
      <p>{t('Account name chosen successfully')}</p>
      <p class="hint" data-testid="name-success">{String(route.data?.['name'] ?? activeAccount(store).profileName ?? '')}</p>
      <button type="button" class="btn primary wide" onClick={() => replaceView(store, 'Account')}>{t('Go to account')}</button>
    </div>
  )
}
