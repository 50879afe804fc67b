// The PayQuote view's work (AppKit's PayController fetchTokens, fetchQuote, onSendTransaction and
// the loading view's status polling): the wallet's holdings as payment options, the quote for the
// one chosen (a direct transfer of the payment asset itself, else the quote API's route), its
// transaction steps sent from the wallet, then the route's status until it ends.
import type { Store } from '../../signals/store'
import type { ChainNamespace, Network } from '../../types'
import { getBalances } from '../../api/blockchain'
import { accountFor } from '../../signals/account'
import { pushView } from '../../signals/modal'
import { findNetwork } from '../../signals/network'
import { toUnits } from '../../utils/units'
import { showToast } from '../../signals/toast'
import { refreshBalance, switchNetwork } from '../../signals/wallet'
import { isUserRejected } from '../../utils/errors'
import { AppKitPayError, AppKitPayErrorMessages, failure } from '../../utils/pay-errors'
import type { PayBalance, PayControllerState, PaymentAssetWithAmount, PayViewController, Quote, QuoteStatus, QuoteTransactionStep } from '../../utils/pay-types'
import { getQuoteStatus, getTransfersQuote, QuoteApiError } from './transfers-api'

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
const apiOf = (store: Store) => ({ baseUrl: store.options.apiUrl, projectId: store.options.projectId })
const decimalString = (n: number) => n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })

/** A holding as a payment option (AppKit's formatBalanceToPaymentAsset); undefined off the modal's networks. */
function toOption(store: Store, b: PayBalance): PaymentAssetWithAmount | undefined {
  const network = findNetwork(store.network.networks.peek(), b.chainId)
  if (!network) return undefined
  const asset = same(b.symbol, network.nativeCurrency.symbol) ? 'native' : b.address?.split(':')[2]
  if (!asset) return undefined
  return { network: network.caipNetworkId, asset, metadata: { name: b.name, symbol: b.symbol, decimals: Number(b.quantity.decimals), logoURI: b.iconUrl || undefined }, amount: b.quantity.numeric }
}

/** What the wallet can pay with: held assets, the payment asset itself first, then those on its network. */
export function paymentOptions(store: Store, s: PayControllerState): PaymentAssetWithAmount[] {
  const rank = (o: PaymentAssetWithAmount) => (o.network !== s.paymentAsset.network ? 2 : same(o.asset, s.paymentAsset.asset) ? 0 : 1)
  return (s.tokenBalances[namespaceOf(s)] ?? [])
    .map((b) => toOption(store, b))
    .filter((o): o is PaymentAssetWithAmount => !!o && Number(o.amount) > 0)
    .sort((a, b) => rank(a) - rank(b))
}

/** AppKit's fetchTokens: the connected account's holdings (on every EVM network), then the first option chosen. */
export async function fetchTokens(store: Store, pay: PayViewController): Promise<void> {
  const namespace = namespaceOf(pay.state)
  const account = accountFor(store, namespace)
  if (!account.address) return
  pay.patchState({ isFetchingTokenBalances: true })
  try {
    const chainId = namespace === 'eip155' ? undefined : store.network.activeNetwork.peek().caipNetworkId
    const balances = await getBalances(apiOf(store), account.address, { chainId })
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
    fees: [fee], steps: [{ requestId: 'direct-transfer', type: 'deposit', deposit }], timeInSeconds: 6,
  }
}

/** A quote for another payment than this one (recipient's asset, amount, payer or chosen asset) is refused. */
function checkQuote(quote: Quote, s: PayControllerState, source: PaymentAssetWithAmount, user: string, amount: bigint): void {
  const { destination, origin, steps } = quote
  const chainId = Number(source.network.split(':')[1])
  const ok = quote.type === undefined && destination.amount === String(amount) && destination.currency.network === s.paymentAsset.network && same(destination.currency.asset, s.paymentAsset.asset)
    && origin.currency.network === source.network && same(origin.currency.asset, source.asset)
    && steps.every((step) => step.type === 'transaction' && same(step.transaction.from, user) && (step.transaction.chainId ?? chainId) === chainId)
  if (!ok) throw new Error('The quote is for another payment')
}

const tokenAddress = (asset: string) => (asset === 'native' ? NATIVE_TOKEN_ADDRESS : asset)

/** AppKit's fetchQuote for the chosen option; a failure leaves quoteError (the API's reason, else AppKit's). */
export async function fetchQuote(store: Store, pay: PayViewController): Promise<void> {
  const s = pay.state
  const source = s.selectedPaymentAsset
  if (!source) return
  pay.patchState({ quote: undefined, quoteStatus: 'waiting', quoteError: null, isFetchingQuote: true, requestId: undefined })
  try {
    const user = accountFor(store, namespaceOf(s)).address ?? ''
    const amount = toUnits(decimalString(s.amount), s.paymentAsset.metadata.decimals)
    const direct = same(source.network, s.paymentAsset.network) && same(source.asset, s.paymentAsset.asset)
    const quote = direct
      ? directTransferQuote(s, source, amount)
      : await getTransfersQuote(apiOf(store), {
        user, recipient: s.recipient, amount: String(amount),
        originChainId: source.network.split(':')[1]!, originCurrency: tokenAddress(source.asset),
        destinationChainId: s.paymentAsset.network.split(':')[1]!, destinationCurrency: tokenAddress(s.paymentAsset.asset),
      })
    if (!direct) checkQuote(quote, s, source, user, amount)
    // The answer counts only if the same option is still chosen.
    if (pay.state.selectedPaymentAsset === source) pay.patchState({ quote })
  } catch (error) {
    const quoteError = (error instanceof QuoteApiError && error.reason) || AppKitPayErrorMessages.UNABLE_TO_GET_QUOTE
    if (pay.state.selectedPaymentAsset === source) pay.patchState({ quoteError })
    showToast(store, 'error', quoteError)
  } finally {
    pay.patchState({ isFetchingQuote: false })
  }
}

export const transactionSteps = (quote: Quote | undefined) => (quote?.steps ?? []).filter((s): s is QuoteTransactionStep => s.type === 'transaction')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The route's status, asked until it ends (AppKit's loading view polling); an unanswered status counts as failed. */
async function settledStatus(store: Store, requestId: string): Promise<QuoteStatus> {
  const until = Date.now() + STATUS_GIVE_UP_MS
  for (let misses = 0; ;) {
    const status = await getQuoteStatus(apiOf(store), requestId).catch(() => undefined)
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
