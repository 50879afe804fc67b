// AppKit's w3m-pay-quote-view: paying with any asset the wallet holds, or that the exchange chosen
// sells. The options (the payment asset itself first), the quote for the one chosen with its fees,
// and the order total; Pay sends the payment (a direct transfer, or the route's transactions:
// Approve first when it needs one); "Continue in {exchange}" opens the exchange's page for it.
import { useEffect, useState } from 'preact/hooks'
import type { Store } from '../../signals/store'
import type { Route } from '../../signals/modal'
import { closeModal, pushView } from '../../signals/modal'
import { accountFor } from '../../signals/account'
import { toUnits } from '../../utils/units'
import { showToast } from '../../signals/toast'
import type { ChainNamespace } from '../../types'
import { useStyles } from '../../ui/sheet'
import { t, WalletImage } from '../../ui/base'
import type { PayViewController } from '../../utils/pay-types'
import { PAY_CSS } from './styles'
import { QUOTE_CSS } from './quote-styles'
import { decimalOf, Fees, FeesSkeleton, formatAmount, OptionsEmpty, OptionsSkeleton, PaymentOptions, sixDecimals } from './quote-parts'
import { continueInExchange, fetchQuote, fetchTokens, paymentOptions, sendQuoteStep, transactionSteps } from './quote-actions'

const CSS = PAY_CSS + QUOTE_CSS
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

export function PayQuote({ store, route }: { store: Store; route: Route }) {
  const pay = route.data?.['pay'] as PayViewController | undefined
  if (!pay) return <p class="center muted">{t('No payment to make.')}</p>
  return <QuoteView store={store} pay={pay} />
}

function QuoteView({ store, pay }: { store: Store; pay: PayViewController }) {
  const styled = useStyles(CSS)
  const s = pay.stateSignal().value
  const namespace = s.paymentAsset.network.split(':')[0] as ChainNamespace
  const account = accountFor(store, namespace)
  const networks = store.network.networks.value
  // Transaction steps done (an approval), one being sent, and why the last one failed.
  const [done, setDone] = useState(0)
  const [sending, setSending] = useState(false)
  const [stepError, setStepError] = useState<string>()

  const exchange = s.selectedExchange
  // On open and for another account: the holdings (or the exchange's assets) afresh, then the first
  // option chosen. AppKit closes without an account, unless an exchange pays.
  useEffect(() => {
    if (!account.address && !exchange) return void closeModal(store)
    pay.patchState({ selectedPaymentAsset: null, quote: undefined, quoteError: null, quoteStatus: 'waiting', requestId: undefined })
    void fetchTokens(store, pay)
  }, [exchange ? undefined : account.address])
  // Another option: its quote, from the first step.
  useEffect(() => {
    setDone(0)
    setStepError(undefined)
    void fetchQuote(store, pay)
  }, [s.selectedPaymentAsset])

  const options = paymentOptions(store, s)
  const quote = s.quote
  const steps = transactionSteps(quote)
  const loading = s.isFetchingQuote || s.isFetchingTokenBalances
  const disabled = loading || !s.selectedPaymentAsset || !!s.quoteError || !quote || (!!exchange && !s.exchangeUrlForQuote)
  const connectOther = () => pushView(store, 'Connect', { namespace })

  const onPay = async () => {
    const source = s.selectedPaymentAsset
    if (!quote || !source || sending) return
    let held: bigint | undefined
    try {
      held = toUnits(source.amount, source.metadata.decimals)
    } catch {
      held = undefined // an odd balance figure: the wallet has the last word
    }
    if (held !== undefined && held < BigInt(quote.origin.amount)) return showToast(store, 'error', t('Insufficient funds'))
    setStepError(undefined)
    if (quote.type === 'direct-transfer') return void pay.handlePayWithWallet()
    setSending(true)
    try {
      setDone(await sendQuoteStep(store, pay, done))
    } catch (error) {
      setStepError((error as Error).message)
    } finally {
      setSending(false)
    }
  }

  return (
    <div class="pay" ref={styled} data-testid="pay-quote">
      {exchange ? (
        <p class="from">
          <span class="muted">{t('Paying with')}</span>
          {disabled ? <span class="shimmer" aria-hidden="true" /> : <strong data-testid="pay-exchange-amount">{sixDecimals(decimalOf(quote!.origin))} {quote!.origin.currency.metadata.symbol}</strong>}
        </p>
      ) : (
        <p class="from">
          <WalletImage src={account.connectedWalletInfo?.icon} name={account.connectedWalletInfo?.name ?? ''} size={24} />
          {account.connectedWalletInfo?.name && <span>{account.connectedWalletInfo.name}</span>}
          {account.address && <span class="muted">{short(account.address)}</span>}
        </p>
      )}
      <h3 class="label" id="pay-options-label">{t('Choose payment option')}</h3>
      {s.isFetchingTokenBalances ? <OptionsSkeleton /> : options.length === 0 ? <OptionsEmpty onConnectOther={connectOther} /> : (
        <PaymentOptions options={options} selected={s.selectedPaymentAsset} busy={s.isFetchingQuote || sending} networks={networks} onSelect={(o) => pay.patchState({ selectedPaymentAsset: o })} />
      )}
      {disabled ? <FeesSkeleton /> : <Fees quote={quote!} networks={networks} />}
      {(s.quoteError || stepError) && <p class="error" role="alert" data-testid="pay-quote-error">{s.quoteError ?? stepError}</p>}
      {exchange ? (
        <button type="button" class="btn" data-testid="pay-exchange-continue" disabled={disabled || s.isPaymentInProgress} aria-busy={loading ? 'true' : undefined} onClick={() => void continueInExchange(store, pay)}>
          {t('Continue in {name}', { name: exchange.name })}
        </button>
      ) : <div class="total">
        <div>
          <span class="muted">{t('Order Total')}</span>
          {disabled ? <span class="shimmer" aria-hidden="true" /> : <strong data-testid="pay-total">{formatAmount(decimalOf(quote!.origin))} {quote!.origin.currency.metadata.symbol}</strong>}
        </div>
        <button type="button" class="btn" disabled={disabled || s.isPaymentInProgress} aria-busy={sending || loading ? 'true' : undefined} onClick={() => void onPay()}>
          {steps.length > 1 && done === 0 ? t('Approve') : t('Pay')}
        </button>
      </div>}
    </div>
  )
}
