import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { closeModal, pushView } from '../../signals/modal'
import { accountFor } from '../../signals/account'
import { showToast } from '../../signals/toast'
import { disconnectWallet } from '../../signals/wallet'
import type { ChainNamespace } from '../../types'
import type { Exchange, PayViewController } from '../../utils/pay-types'
import { isPayWithWalletSupported } from '../../utils/pay-assets'
import { useStyles } from '../../ui/sheet'
import { ListItem, Spinner, t } from '../../ui/base'
import { PAY_CSS } from './styles'

/** AppKit's requestId of a quote paid by a transfer straight to the recipient. */
const DIRECT_TRANSFER_REQUEST_ID = 'direct-transfer'
/** AppKit's w3m-pay-loading-view: the exchange payment's status is asked this often. */
const EXCHANGE_STATUS_CHECK_INTERVAL = 4000
/** AppKit closes the modal this long after a payment ends. */
const CLOSE_AFTER_MS = 3000

/**
 * AppKit's Pay view: the amount and asset, paying with the connected wallet (its PayQuote view:
 * any asset it holds; or connecting one), or through one of the exchanges (the PayQuote view too:
 * what the exchange sells, then its page in a new tab).
 */
export function Pay({ store, route }: { store: Store; route: Route }) {
  const pay = controllerOf(route)
  if (!pay) return <p class="center muted">{t('No payment to make.')}</p>
  return <PayOptions store={store} pay={pay} />
}

/** openPay hands the controller over in the route: this chunk holds no copy of its state. */
type Controller = PayViewController
const controllerOf = (route: Route) => route.data?.['pay'] as Controller | undefined

function PayOptions({ store, pay: PayController }: { store: Store; pay: Controller }) {
  const styled = useStyles(PAY_CSS)
  const s = PayController.stateSignal().value
  const namespace = s.paymentAsset.network.split(':')[0] as ChainNamespace
  const account = accountFor(store, namespace)
  const [exchangeError, setExchangeError] = useState<string>()

  const load = () => {
    setExchangeError(undefined)
    PayController.fetchExchanges().catch((error: unknown) => setExchangeError((error as { details?: string }).details ?? t('Exchanges could not be loaded.')))
  }
  useEffect(() => void (s.isConfigured && load()), [s.isConfigured])
  if (!s.isConfigured) return <p class="center muted">{t('No payment to make.')}</p>

  const network = store.network.networks.value.find((n) => n.caipNetworkId === s.paymentAsset.network)?.name ?? s.paymentAsset.network
  // AppKit's: the way to pay is chosen in the PayQuote view, with the wallet or through the exchange.
  const openQuote = (selectedExchange?: Exchange) => {
    PayController.patchState({ selectedExchange, exchangeUrlForQuote: undefined, exchangeSessionId: undefined })
    pushView(store, 'PayQuote', { pay: PayController, view: PayController.quoteView })
  }

  return (
    <div class="pay" ref={styled}>
      <p class="amount" data-testid="pay-amount">
        <strong>{s.amount} {s.paymentAsset.metadata.symbol}</strong>
        <span>{t('on {network}', { network })}</span>
      </p>
      {isPayWithWalletSupported(s.paymentAsset.network) && (
        <>
          <ul class="list" aria-label={t('Pay from wallet')}>
            {account.address ? (
              <>
                <ListItem name={t('Pay with {name}', { name: account.connectedWalletInfo?.name ?? 'wallet' })} imageUrl={account.connectedWalletInfo?.icon} onClick={() => openQuote()} />
                <ListItem name={t('Disconnect')} onClick={() => void disconnectWallet(store, namespace).catch(() => showToast(store, 'error', 'Failed to disconnect'))} />
              </>
            ) : (
              <ListItem name={t('Pay from wallet')} onClick={() => void PayController.handlePayWithWallet()} />
            )}
          </ul>
          <p class="or" aria-hidden="true">{t('or')}</p>
        </>
      )}
      {s.isLoading ? (
        <div class="center"><Spinner label={t('Loading')} /></div>
      ) : exchangeError ? (
        <div class="center">
          <p class="error" role="alert" data-testid="pay-exchanges-error">{exchangeError}</p>
          <button type="button" class="btn" onClick={load}>{t('Try again')}</button>
        </div>
      ) : s.exchanges.length === 0 ? (
        <p class="center muted" data-testid="pay-no-exchanges">{t('No exchanges available')}</p>
      ) : (
        <ul class="list" aria-label={t('Exchanges')}>
          {s.exchanges.map((e) => <ListItem key={e.id} name={t('Pay with {name}', { name: e.name })} imageUrl={e.imageUrl} onClick={() => openQuote(e)} />)}
        </ul>
      )}
    </div>
  )
}

/** AppKit's w3m-pay-loading-view: waiting for the wallet or the exchange, then the outcome. */
export function PayLoading({ store, route }: { store: Store; route: Route }) {
  const pay = controllerOf(route)
  if (!pay) return <p class="center muted">{t('No payment to make.')}</p>
  return <PayProgress store={store} pay={pay} />
}

function PayProgress({ store, pay: PayController }: { store: Store; pay: Controller }) {
  const styled = useStyles(PAY_CSS)
  const s = PayController.stateSignal().value
  const payment = s.currentPayment
  const ended = !s.isPaymentInProgress
  const failed = ended && (payment?.status === 'FAILED' || !!s.error || !payment?.result)

  // An exchange payment straight to the recipient: its status until it ends (a route's deposit is followed by PayQuote's actions).
  const routed = !!s.requestId && s.requestId !== DIRECT_TRANSFER_REQUEST_ID
  useEffect(() => {
    if (payment?.type !== 'exchange' || !payment.exchangeId || !payment.sessionId || ended || routed) return
    const { exchangeId, sessionId } = payment
    const timer = setInterval(() => void PayController.updateBuyStatus(exchangeId, sessionId).catch(() => undefined), EXCHANGE_STATUS_CHECK_INTERVAL)
    return () => clearInterval(timer)
  }, [payment?.sessionId, ended])
  useEffect(() => {
    if (!ended) return
    const timer = setTimeout(() => closeModal(store), CLOSE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [ended])

  const [title, detail] = !ended
    ? payment?.type === 'exchange'
      ? [t('Payment initiated'), t('Please complete the payment on the exchange')]
      : s.requestId
        ? [t('Payment initiated'), t('Swapping asset and sending it to the recipient address')]
        : [t('Awaiting payment confirmation'), t('Please confirm the payment transaction in your wallet')]
    : failed
      ? [t('Payment failed'), s.errorDetail ?? t('There was an error processing your transaction')]
      : [t('Payment completed'), t('Your transaction has been successfully processed')]
  return (
    <div class="pay center" ref={styled} data-testid="pay-loading" data-state={ended ? (failed ? 'error' : 'completed') : 'in-progress'}>
      {ended ? <span class={`state ${failed ? 'error' : ''}`} aria-hidden="true">{failed ? '✕' : '✓'}</span> : <Spinner label={t('Loading')} />}
      <p role={failed ? 'alert' : 'status'}><strong>{title}</strong></p>
      <p class="detail muted" data-testid="pay-detail">{detail}</p>
    </div>
  )
}
