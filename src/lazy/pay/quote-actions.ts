// The PayQuote view's work (AppKit's PayController fetchTokens, fetchQuote, onSendTransaction and
// the loading view's status polling): the wallet's holdings as payment options, the quote for the
// one chosen (a direct transfer of the payment asset itself, else the quote API's route), its
// transaction steps sent from the wallet, then the route's status until it ends.
import type { Store } from '../../signals/store'
import type { ChainNamespace, Network } from '../../types'
import { accountFor } from '../../signals/account'
import { pushView } from '../../signals/modal'
import { findNetwork } from '../../signals/network'
import { toUnits } from '../../utils/units'
import { showToast } from '../../signals/toast'
import { t } from '../../ui/base'
import { refreshBalance, switchNetwork } from '../../signals/wallet'
import { isUserRejected } from '../../utils/errors'
import { AppKitPayError, AppKitPayErrorMessages, failure } from '../../utils/pay-errors'
import type { PayBalance, PayControllerState, PaymentAssetWithAmount, PayViewController, Quote, QuoteStatus, QuoteTransactionStep } from '../../utils/pay-types'
import { payerBalances, quoteStatus, QuoteApiError, transfersQuote } from '../../signals/pay-quote'
import { exchangeBalances, exchangeUrlForQuote } from './quote-exchange'

/** AppKit's requestId of a quote paid by a transfer straight to the recipient. */
const DIRECT_TRANSFER_REQUEST_ID = 'direct-transfer'
/** AppKit's getNativeTokenAddress('eip155'): how the quote API names a chain's native coin. */
const NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/** AppKit's loading view asks the route's status this often. */
const STATUS_INTERVAL_MS = 3000
/** AppKit's pay() gives a payment 5 minutes. */
const STATUS_GIVE_UP_MS = 300_000
const TERMINAL: QuoteStatus[] = ['success', 'submitted', 'failure', 'timeout', 'refund']
/** Gas for a step the API sent without an estimate. */
const FALLBACK_GAS = 300_000n

const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase()
const namespaceOf = (s: PayControllerState) => s.paymentAsset.network.split(':')[0] as ChainNamespace
const decimalString = (n: number) => n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })

/** A holding as a payment option (AppKit's formatBalanceToPaymentAsset); undefined off the modal's networks. */
function toOption(store: Store, b: PayBalance): PaymentAssetWithAmount | undefined {
  const network = findNetwork(store.network.networks.peek(), b.chainId)
  if (!network) return undefined
  const asset = same(b.symbol, network.nativeCurrency.symbol) ? 'native' : b.address?.split(':')[2]
  if (!asset) return undefined
  return { network: network.caipNetworkId, asset, metadata: { name: b.name, symbol: b.symbol, decimals: Number(b.quantity.decimals), logoURI: b.iconUrl || undefined }, amount: b.quantity.numeric }
}

/**
 * What the wallet can pay with (held assets), or what the exchange sells (AppKit's: the payment
 * asset, and assets on other networks); the payment asset itself first, then those on its network.
 */
export function paymentOptions(store: Store, s: PayControllerState): PaymentAssetWithAmount[] {
  const rank = (o: PaymentAssetWithAmount) => (o.network !== s.paymentAsset.network ? 2 : same(o.asset, s.paymentAsset.asset) ? 0 : 1)
  const offered = s.selectedExchange
    ? (o: PaymentAssetWithAmount) => same(o.asset, s.paymentAsset.asset) || o.network !== s.paymentAsset.network
    : (o: PaymentAssetWithAmount) => Number(o.amount) > 0
  return (s.tokenBalances[namespaceOf(s)] ?? [])
    .map((b) => toOption(store, b))
    .filter((o): o is PaymentAssetWithAmount => !!o && offered(o))
    .sort((a, b) => rank(a) - rank(b))
}

/** AppKit's fetchTokens: the connected account's holdings (on every EVM network) or the exchange's assets, then the first option chosen. */
export async function fetchTokens(store: Store, pay: PayViewController): Promise<void> {
  const namespace = namespaceOf(pay.state)
  const account = accountFor(store, namespace)
  const exchange = pay.state.selectedExchange
  if (!account.address && !exchange) return
  pay.patchState({ isFetchingTokenBalances: true })
  try {
    const chainId = namespace === 'eip155' ? undefined : store.network.activeNetwork.peek().caipNetworkId
    const balances = exchange ? await exchangeBalances(store, exchange.id, namespace) : await payerBalances(store, account.address!, chainId)
    pay.patchState({ tokenBalances: { ...pay.state.tokenBalances, [namespace]: balances } })
  } catch {
    showToast(store, 'error', AppKitPayErrorMessages.UNABLE_TO_GET_TOKEN_BALANCES)
  } finally {
    pay.patchState({ isFetchingTokenBalances: false })
  }
  pay.patchState({ selectedPaymentAsset: paymentOptions(store, pay.state)[0] ?? null })
}

/** AppKit's getDirectTransferQuote: the payment asset itself, sent straight to the recipient. */
function directTransferQuote(s: PayControllerState, source: PaymentAssetWithAmount, amount: bigint): Quote {
  const fee = { id: 'service', label: 'Service Fee', amount: '0', currency: s.paymentAsset }
  const deposit = { amount: String(amount), currency: source.asset, receiver: s.recipient }
  return {
    type: 'direct-transfer', origin: { amount: String(amount), currency: source }, destination: { amount: String(amount), currency: s.paymentAsset },
    fees: [fee], steps: [{ requestId: DIRECT_TRANSFER_REQUEST_ID, type: 'deposit', deposit }], timeInSeconds: 6,
  }
}

const tokenAddress = (asset: string) => (asset === 'native' ? NATIVE_TOKEN_ADDRESS : asset)

/**
 * A quote for another payment than this one (recipient's asset, amount, payer or chosen asset) is
 * refused: the payer's steps are its own transactions on the chosen asset's chain; an exchange's,
 * one deposit of the chosen asset.
 */
function checkQuote(quote: Quote, s: PayControllerState, source: PaymentAssetWithAmount, user: string | undefined, amount: bigint): void {
  const { destination, origin, steps } = quote
  const chainId = Number(source.network.split(':')[1])
  const stepsOk = user
    ? steps.every((step) => step.type === 'transaction' && same(step.transaction.from, user) && (step.transaction.chainId ?? chainId) === chainId)
    : steps.length === 1 && steps[0]!.type === 'deposit' && same(steps[0]!.deposit.currency, tokenAddress(source.asset)) && steps[0]!.deposit.amount === origin.amount && /^0x[0-9a-fA-F]{40}$/.test(steps[0]!.deposit.receiver)
  const ok = quote.type === undefined && destination.amount === String(amount) && destination.currency.network === s.paymentAsset.network && same(destination.currency.asset, s.paymentAsset.asset)
    && origin.currency.network === source.network && same(origin.currency.asset, source.asset) && stepsOk
  if (!ok) throw new Error('The quote is for another payment')
}

/** AppKit's fetchQuote for the chosen option; a failure leaves quoteError (the API's reason, else AppKit's). */
export async function fetchQuote(store: Store, pay: PayViewController): Promise<void> {
  const s = pay.state
  const source = s.selectedPaymentAsset
  if (!source) return
  pay.patchState({ quote: undefined, quoteStatus: 'waiting', quoteError: null, isFetchingQuote: true, requestId: undefined })
  try {
    // An exchange pays the route's deposit: no payer is named (AppKit's).
    const user = s.selectedExchange ? undefined : accountFor(store, namespaceOf(s)).address ?? ''
    const amount = toUnits(decimalString(s.amount), s.paymentAsset.metadata.decimals)
    const direct = same(source.network, s.paymentAsset.network) && same(source.asset, s.paymentAsset.asset)
    const quote = direct
      ? directTransferQuote(s, source, amount)
      : await transfersQuote(store, {
        user, recipient: s.recipient, amount: String(amount),
        originChainId: source.network.split(':')[1]!, originCurrency: tokenAddress(source.asset),
        destinationChainId: s.paymentAsset.network.split(':')[1]!, destinationCurrency: tokenAddress(s.paymentAsset.asset),
      })
    if (!direct) checkQuote(quote, s, source, user, amount)
    // The answer counts only if the same option is still chosen.
    if (pay.state.selectedPaymentAsset !== source) return
    if (s.selectedExchange) await exchangeUrlForQuote(pay, s.selectedExchange.id, source, quote)
    if (pay.state.selectedPaymentAsset === source) pay.patchState({ quote })
  } catch (error) {
    const quoteError = (error instanceof QuoteApiError && error.reason) || (error instanceof AppKitPayError && typeof error.details === 'string' && error.details) || AppKitPayErrorMessages.UNABLE_TO_GET_QUOTE
    if (pay.state.selectedPaymentAsset === source) pay.patchState({ quoteError })
    showToast(store, 'error', quoteError)
  } finally {
    pay.patchState({ isFetchingQuote: false })
  }
}

export const transactionSteps = (quote: Quote | undefined) => (quote?.steps ?? []).filter((s): s is QuoteTransactionStep => s.type === 'transaction')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The route's status, asked until it ends (AppKit's loading view polling); an unanswered status
 * counts as failed. `cancelled` ends the wait early (an exchange that failed its deposit).
 */
export async function settledStatus(store: Store, requestId: string, cancelled?: () => Promise<boolean>): Promise<QuoteStatus> {
  const until = Date.now() + STATUS_GIVE_UP_MS
  for (let misses = 0; ;) {
    if (await cancelled?.()) return 'failure'
    const status = await quoteStatus(store, requestId).catch(() => undefined)
    if (status && TERMINAL.includes(status)) return status
    if (!status && ++misses >= 3) throw new AppKitPayError('UNABLE_TO_GET_QUOTE_STATUS', 'The payment\'s status could not be read')
    if (Date.now() > until) return 'timeout'
    await sleep(STATUS_INTERVAL_MS)
  }
}

async function onOriginNetwork(store: Store, network: Network): Promise<void> {
  if (store.network.activeCaipNetworkId.peek() === network.caipNetworkId) return
  await switchNetwork(store, network).catch((error: unknown) => {
    throw new AppKitPayError('GENERIC_PAYMENT_ERROR', isUserRejected(error) ? `Switching to ${network.name} was rejected in the wallet` : `Switch your wallet to ${network.name} to pay`)
  })
}

/**
 * Sends the quote's next transaction step (an approval, or the route itself) and returns how many
 * are done. The last one is the payment (PAY_INITIATED, then PAY_SUCCESS or PAY_ERROR): after it,
 * the PayLoading view while the route's status is asked until it ends.
 */
export async function sendQuoteStep(store: Store, pay: PayViewController, done: number): Promise<number> {
  const quote = pay.state.quote
  const steps = transactionSteps(quote)
  const step = steps[done]
  if (!quote || !step) return done
  const last = done === steps.length - 1
  if (last) {
    pay.patchState({ currentPayment: { type: 'wallet', status: 'IN_PROGRESS' }, error: null, errorDetail: undefined })
    pay.patchState({ isPaymentInProgress: true, paymentId: crypto.randomUUID() })
  }
  try {
    const network = findNetwork(store.network.networks.peek(), quote.origin.currency.network)
    if (!network) throw new AppKitPayError('INVALID_PAYMENT_CONFIG', `${quote.origin.currency.network} is not one of the modal's networks`)
    await onOriginNetwork(store, network)
    const { to, data, value, gas } = step.transaction
    // The wallet's transaction module (with viem) arrives only when a step is sent.
    const { sendWalletTransaction } = await import('../swap/tx')
    const hash = await sendWalletTransaction(store, { to, data, value: BigInt(value), gas: gas ? BigInt(gas) : FALLBACK_GAS })
    if (!last) return done + 1
    pay.patchState({ requestId: step.requestId })
    pushView(store, 'PayLoading', { pay, view: pay.loadingView })
    const quoteStatus = await settledStatus(store, step.requestId)
    const paid = quoteStatus === 'success' || quoteStatus === 'submitted'
    pay.patchState({
      quoteStatus,
      currentPayment: { type: 'wallet', status: paid ? 'SUCCESS' : 'FAILED', result: hash },
      ...(!paid && { error: AppKitPayErrorMessages.GENERIC_PAYMENT_ERROR, errorDetail: `The payment did not complete (${quoteStatus})` }),
    })
    void import('../../signals/balances').then((m) => m.refreshTokenBalances(store, 'eip155', { force: true }))
    void refreshBalance(store, 'eip155', { force: true })
    return done + 1
  } catch (error) {
    const state = failure(error)
    if (isUserRejected(error)) state.errorDetail = 'The payment was rejected in the wallet'
    if (last) pay.patchState({ ...state, currentPayment: { type: 'wallet', status: 'FAILED' } })
    showToast(store, 'error', state.errorDetail ?? state.error)
    throw Object.assign(new Error(state.errorDetail ?? state.error), { payError: state })
  } finally {
    if (last) pay.patchState({ isPaymentInProgress: false })
  }
}

/**
 * "Continue in {exchange}": the exchange's page opens in a popup (in the click, so no blocker stops
 * it) and the payment is in progress. A deposit straight to the recipient ends with the exchange's
 * status (the PayLoading view asks it); a route's, with the route's status, unless the exchange
 * failed the deposit first.
 */
export async function continueInExchange(store: Store, pay: PayViewController): Promise<void> {
  const { quote, exchangeUrlForQuote: url, isPaymentInProgress } = pay.state
  const step = quote?.steps[0]
  if (!url || step?.type !== 'deposit' || isPaymentInProgress) return
  const popup = window.open('', 'popupWindow', 'scrollbars=yes,width=480,height=720')
  if (!popup) return showToast(store, 'error', t('Allow pop-ups to continue in the exchange'))
  pay.startExchangePayment(step.requestId)
  pushView(store, 'PayLoading', { pay, view: pay.loadingView })
  popup.location.href = url
  if (step.requestId === DIRECT_TRANSFER_REQUEST_ID) return
  const { exchangeId = '', sessionId = '' } = pay.state.currentPayment ?? {}
  let buy: { status: string; txHash?: string } | undefined
  const exchangeFailed = async () => (buy = (await pay.getBuyStatus(exchangeId, sessionId).catch(() => undefined)) ?? buy)?.status === 'FAILED'
  const quoteStatus = await settledStatus(store, step.requestId, exchangeFailed).catch((): QuoteStatus => 'failure')
  if (!buy?.txHash) await exchangeFailed()
  const s = pay.state
  if (s.currentPayment?.sessionId !== sessionId || !s.isPaymentInProgress) return
  const paid = quoteStatus === 'success' || quoteStatus === 'submitted'
  const errorDetail = buy?.status === 'FAILED' ? 'The payment was cancelled or failed on the exchange' : `The payment did not complete (${quoteStatus})`
  pay.patchState({
    quoteStatus,
    currentPayment: { ...s.currentPayment, status: paid ? 'SUCCESS' : 'FAILED', result: buy?.txHash },
    ...(!paid && { error: AppKitPayErrorMessages.GENERIC_PAYMENT_ERROR, errorDetail }),
  })
  pay.patchState({ isPaymentInProgress: false })
}
