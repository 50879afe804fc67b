import { useEffect, useRef, useState } from 'preact/hooks'
import type { FunctionComponent } from 'preact'
import type { Store } from '../signals/store'
import { AccountTokens } from './AccountTokens'
import { Spinner } from '../ui/Spinner'
import { t } from '../ui/base'
import { whenIdle } from '../utils/idle'
import { emitEvent } from '../signals/events'
import { activeAccount } from '../signals/account'

type Activity = FunctionComponent<{ store: Store }>
type Tab = 'tokens' | 'activity'

/** SPEC section 9: activity is served for eip155 (and sui, from the reference server), only with features.history on. */
function hasActivity(store: Store): boolean {
  const namespace = store.network.activeNamespace.value
  return store.options.features.history !== false && (namespace === 'eip155' || namespace === 'sui')
}

/** The activity list's chunk, fetched on first use and when the Account view is idle. */
let activity: Promise<Activity> | undefined
const loadActivity = () => (activity ??= import('../lazy/history/index').then((m) => m.Activity, (error) => {
  activity = undefined
  throw error
}))

/** Tokens and Activity as tabs (arrow keys move between them, as the ARIA tabs pattern has it). */
export function AccountTabs({ store }: { store: Store }) {
  const [tab, setShown] = useState<Tab>('tokens')
  // Activity is AppKit's Transactions view: opening it is CLICK_TRANSACTIONS, as from AppKit's account widget.
  const setTab = (next: Tab) => {
    if (next === 'activity' && tab !== next) emitEvent(store, 'CLICK_TRANSACTIONS', { isSmartAccount: activeAccount(store).preferredAccountType === 'smartAccount' })
    setShown(next)
  }
  const [Activity, setActivity] = useState<{ component: Activity }>()
  const [failed, setFailed] = useState(false)
  const refs = { tokens: useRef<HTMLButtonElement>(null), activity: useRef<HTMLButtonElement>(null) }
  const withActivity = hasActivity(store)

  useEffect(() => {
    if (!withActivity) return
    whenIdle(() => void loadActivity().catch(() => undefined))
  }, [withActivity])
  useEffect(() => {
    if (tab !== 'activity' || Activity) return
    let live = true
    loadActivity().then((component) => live && setActivity({ component }), () => live && setFailed(true))
    return () => {
      live = false
    }
  }, [tab, failed])

  if (!withActivity) return <AccountTokens store={store} />
  const tabs: Tab[] = ['tokens', 'activity']
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next = tab === 'tokens' ? 'activity' : 'tokens'
    setTab(next)
    refs[next].current?.focus()
  }
  return (
    <div class="tabs-wrap">
      <div role="tablist" aria-label={t('Account')} class="tabs" onKeyDown={onKey}>
        {tabs.map((name) => (
          <button key={name} ref={refs[name]} type="button" role="tab" id={`tab-${name}`} aria-controls={`panel-${name}`} aria-selected={tab === name} tabIndex={tab === name ? 0 : -1} onClick={() => setTab(name)}>
            {name === 'tokens' ? t('Tokens') : t('Activity')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'tokens' ? <AccountTokens store={store} /> : Activity ? <Activity.component store={store} /> : failed ? (
          <div class="center">
            <p class="error" role="alert">{t('Activity could not be loaded.')}</p>
            <button type="button" class="btn" onClick={() => setFailed(false)}>{t('Try again')}</button>
          </div>
        ) : <div class="center"><Spinner label={t('Loading activity')} /></div>}
      </div>
    </div>
  )
}
