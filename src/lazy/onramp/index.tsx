import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { replaceView } from '../../signals/modal'
import { activeAccount } from '../../signals/account'
import { refreshTokenBalances } from '../../signals/balances'
import { emitEvent } from '../../signals/events'
import { fetchOnrampQuote, isRestrictedRegion, loadOnrampOptions, ONRAMP_NAMESPACES, ONRAMP_PROVIDERS, onrampStateFor, patchOnramp, providerUrl } from '../../signals/onramp'
import { showToast } from '../../signals/toast'
import { refreshBalance } from '../../signals/wallet'
import { errorMessage } from '../../utils/errors'
import { useStyles } from '../../ui/sheet'
import { ONRAMP_CSS } from './styles'
import { t } from '../../ui/base'

const DEBOUNCE_MS = 500

/** OnRampProviders: amount and currency, the quote, the providers; a provider's page opens in a popup. */
export function OnRampProviders({ store }: { store: Store; route: Route }) {
  const styled = useStyles(ONRAMP_CSS)
  const s = onrampStateFor(store).value
  const namespace = store.network.activeNamespace.value
  const [waiting, setWaiting] = useState<Window | null>()
  const [whatIs, setWhatIs] = useState(false)

  useEffect(() => void loadOnrampOptions(store).then(() => fetchOnrampQuote(store)), [store.network.activeCaipNetworkId.value])
  useEffect(() => {
    const timer = setTimeout(() => void fetchOnrampQuote(store), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [s.paymentAmount, s.purchaseCurrency, s.paymentCurrency])
  // When the provider's window closes, the purchase has landed or been abandoned: read the balances again.
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => {
      if (!waiting.closed) return
      clearInterval(timer)
      setWaiting(undefined)
      void refreshTokenBalances(store, namespace, { force: true })
      void refreshBalance(store, namespace, { force: true })
      replaceView(store, 'Account')
    }, 500)
    return () => clearInterval(timer)
  }, [waiting])

  if (isRestrictedRegion()) return <p class="center muted" role="alert" data-testid="onramp-restricted">{t('Buying crypto is not available in your region.')}</p>
  if (!ONRAMP_NAMESPACES.includes(namespace)) return <p class="center muted">{t('Buying crypto is not available on this network.')}</p>

  const open = async (provider: (typeof ONRAMP_PROVIDERS)[number]) => {
    // Opened in the click itself, so no popup blocker stops it; its address follows.
    const popup = window.open('', 'popupWindow', 'width=600,height=800,scrollbars=yes')
    try {
      const url = await providerUrl(store, provider)
      if (popup) popup.location.href = url
      else window.open(url, '_blank', 'noopener')
      setWaiting(popup)
    } catch (error) {
      popup?.close()
      showToast(store, 'error', errorMessage(error, 'Failed to open the provider'))
    }
  }
  const card = s.paymentCurrency?.payment_method_limits.find((l) => l.id === 'card')
  const bank = s.paymentCurrency?.payment_method_limits.find((l) => l.id === 'ach_bank_account')
  const providers = ONRAMP_PROVIDERS.filter((p) => (p.namespaces as readonly string[]).includes(namespace))
  return (
    <div class="onramp" ref={styled}>
      <label for="onramp-amount">{t('You pay')}</label>
      <div class="row">
        <input id="onramp-amount" inputMode="decimal" value={s.paymentAmount} data-testid="onramp-amount" onInput={(e) => patchOnramp(store, { paymentAmount: e.currentTarget.value })} />
        <select aria-label={t('Payment currency')} value={s.paymentCurrency?.id} onChange={(e) => patchOnramp(store, { paymentCurrency: s.paymentCurrencies.find((c) => c.id === e.currentTarget.value) })}>
          {s.paymentCurrencies.map((c) => <option key={c.id} value={c.id}>{c.id}</option>)}
        </select>
        <select aria-label={t('Currency to buy')} value={s.purchaseCurrency?.id} onChange={(e) => patchOnramp(store, { purchaseCurrency: s.purchaseCurrencies.find((c) => c.id === e.currentTarget.value) })}>
          {s.purchaseCurrencies.map((c) => <option key={c.id} value={c.id}>{c.symbol}</option>)}
        </select>
      </div>
      <p class="hint" data-testid="onramp-limits">
        {card && t('Card {min} – {max}', card)}{bank && ` · ${t('Bank account {min} – {max}', bank)}`} {s.paymentCurrency?.id}
      </p>
      {s.quote && (
        <dl data-testid="onramp-quote" data-quote-id={s.quote.quoteId}>
          <dt>{t('You receive')}</dt><dd data-testid="onramp-receive">{s.quote.purchaseAmount.amount} {s.quote.purchaseAmount.currency}</dd>
          {s.quote.coinbaseFee && <><dt>{t('Provider fee')}</dt><dd>{s.quote.coinbaseFee.amount} {s.quote.coinbaseFee.currency}</dd></>}
          <dt>{t('Network fee')}</dt><dd data-testid="onramp-network-fee">{s.quote.networkFee.amount} {s.quote.networkFee.currency}</dd>
          <dt>{t('Total')}</dt><dd>{s.quote.paymentTotal.amount} {s.quote.paymentTotal.currency}</dd>
        </dl>
      )}
      <ul class="list" aria-label={t('Providers')}>
        {providers.map((p) => (
          <li key={p.name}>
            <button type="button" class="item" data-testid={`onramp-provider-${p.name}`} disabled={!activeAccount(store).address || !!waiting} onClick={() => void open(p)}>
              <span class="name">{p.label}</span><span class="tag">{p.feeRange}</span>
            </button>
          </li>
        ))}
      </ul>
      {waiting && <p class="hint" role="status" data-testid="onramp-in-progress">{t("Finish the purchase in the provider's window.")}</p>}
      <button type="button" class="link" aria-expanded={whatIs} onClick={() => {
        if (!whatIs) emitEvent(store, 'SELECT_WHAT_IS_A_BUY', { isSmartAccount: activeAccount(store).preferredAccountType === 'smartAccount' })
        setWhatIs(!whatIs)
      }}>{t('How does it work?')}</button>
      {whatIs && <p class="hint" data-testid="onramp-what-is">{t('A provider takes your card or bank payment and sends the crypto to your wallet address on this network. Fees depend on the provider.')}</p>}
    </div>
  )
}
