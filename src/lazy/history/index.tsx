import { useEffect } from 'preact/hooks'
import type { Store } from '../../signals/store'
import { activeAccount } from '../../signals/account'
import { fetchTransactions, historyState, visibleTransactions } from '../../signals/history'
import { Spinner } from '../../ui/Spinner'
import { useStyles } from '../../ui/sheet'
import { HISTORY_CSS } from './styles'
import { groupByDay } from './group'
import { TransactionRow } from './TransactionRow'
import { t } from '../../ui/base'
import { said } from '../../ui/said'

/**
 * The active account's activity on the connected network, newest first, grouped by day, with
 * "Load more" paging through the API's cursor. Read again whenever the tab opens.
 */
export function Activity({ store }: { store: Store }) {
  const styled = useStyles(HISTORY_CSS)
  const state = historyState(store)
  const account = activeAccount(store)
  const network = store.network.activeNetwork.value
  useEffect(() => {
    void fetchTransactions(store, { restart: true })
  }, [account.address, network.caipNetworkId])

  const items = visibleTransactions(state.items.value, network.caipNetworkId)
  const loading = state.loading.value
  const error = state.error.value
  const explorer = network.blockExplorers?.default.url

  return (
    <div class="activity" aria-busy={loading} ref={styled}>
      {error && <p class="center error" role="alert" data-testid="history-error">{said(error)}</p>}
      {!error && !loading && items.length === 0 && <p class="center muted" role="status" data-testid="history-empty">{t('No activity yet on {network}.', { network: network.name })}</p>}
      {groupByDay(items).map(({ label, items: day }) => (
        <section key={label} aria-label={label}>
          <h3 class="day">{label}</h3>
          <ul class="list">
            {day.map((item) => <TransactionRow key={item.id} item={item} explorer={explorer} />)}
          </ul>
        </section>
      ))}
      {loading && <div class="center"><Spinner label={t('Loading activity')} /></div>}
      {!loading && !error && state.next.value && (
        <button type="button" class="btn secondary wide" onClick={() => void fetchTransactions(store)} data-testid="history-more">{t('Load more')}</button>
      )}
    </div>
  )
}
