// AppKit Pay's PayController under its name: opens the Pay view for a payment, pays through an
// exchange (a pay URL, then its status until it ends) or with the connected wallet (in the view's
// chunk), and sends AppKit's PAY_* events through the instance's subscribeEvents.
import * as v from 'valibot'
import { getCurrentInstance } from '../instance'
import { emitEvent } from '../signals/events'
import type { Store } from '../signals/store'
import { isEvmAddress, isSolanaAddress } from '../utils/address'
import { getBuyStatus, getExchanges, getPayUrl, PayApiError, type PayApi } from './api'
import { AppKitPayError, AppKitPayErrorCodes, AppKitPayErrorMessages, failure as fail } from '../utils/pay-errors'
import { initialPayState, patchPay, payState, subscribePayKey, type PayControllerState } from './state'
import { formatCaip19Asset } from '../utils/pay-assets'
import { PAY_LOADING_VIEW, PAY_QUOTE_VIEW, PAY_VIEW } from './view'
import type { Exchange, GetExchangesParams, PayUrlParams, PaymentAsset, PaymentAssetWithAmount, PaymentOptions } from '../utils/pay-types'

const DEFAULT_PAGE = 0
const DEFAULT_PAYMENT_ID = 'unknown'
/** AppKit's view shows the first two exchanges. */
const EXCHANGES_SHOWN = 2

const Options = v.object({
  paymentAsset: v.object({
    network: v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
    asset: v.pipe(v.string(), v.minLength(1)),
    metadata: v.looseObject({ name: v.string(), symbol: v.string(), decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)), logoURI: v.optional(v.string()) }),
  }),
  recipient: v.pipe(v.string(), v.minLength(1)),
  amount: v.pipe(v.number(), v.finite(), v.gtValue(0)),
})

/** The page's current instance (AppKit Pay, like AppKit's controllers, serves one modal). */
function store(): Store {
  const s = getCurrentInstance()?.store
  if (!s) throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_INITIATE_PAYMENT, 'Create the modal with createAppKit first')
  return s
}
const api = (s: Store): PayApi => ({ baseUrl: s.options.blockchainApiUrl, projectId: s.options.projectId })
const emit = (event: string, properties: Record<string, unknown>) => {
  const s = getCurrentInstance()?.store
  if (s) emitEvent(s, event, properties)
}

const configuration = (s: PayControllerState) => ({ network: s.paymentAsset.network, asset: s.paymentAsset.asset, recipient: s.recipient, amount: s.amount })
let analyticsSet = false
/** AppKit's initializeAnalytics: a payment starting or ending sends PAY_INITIATED, PAY_SUCCESS or PAY_ERROR. */
function initializeAnalytics() {
  if (analyticsSet) return
  analyticsSet = true
  subscribePayKey('isPaymentInProgress', () => {
    const s = payState().peek()
    const status = s.currentPayment?.status
    if (!status || status === 'UNKNOWN') return
    const event = { IN_PROGRESS: 'PAY_INITIATED', SUCCESS: 'PAY_SUCCESS', FAILED: 'PAY_ERROR' }[status]
    const { type, exchangeId, sessionId, result } = s.currentPayment!
    emit(event, {
      message: status === 'FAILED' ? s.errorDetail ?? s.error ?? undefined : undefined,
      source: 'pay',
      paymentId: s.paymentId || DEFAULT_PAYMENT_ID,
      configuration: configuration(s),
      currentPayment: { type, exchangeId, sessionId, result },
    })
  })
}

export const PayController = {
  loadingView: PAY_LOADING_VIEW,
  quoteView: PAY_QUOTE_VIEW,
  get state(): PayControllerState {
    return payState().peek()
  },

  /** For the Pay views: the state as a signal, and its setter. */
  stateSignal: payState,
  patchState: patchPay,

  subscribe(callback: (state: PayControllerState) => void): () => void {
    let first = true
    return payState().subscribe((s) => (first ? (first = false) : callback(s)))
  },

  subscribeKey: subscribePayKey,

  validatePayConfig(config: PaymentOptions): void {
    if (!config?.paymentAsset || typeof config.paymentAsset !== 'object') throw new AppKitPayError(AppKitPayErrorCodes.INVALID_PAYMENT_CONFIG)
    if (!config.recipient) throw new AppKitPayError(AppKitPayErrorCodes.INVALID_RECIPIENT)
    if (!config.paymentAsset.asset) throw new AppKitPayError(AppKitPayErrorCodes.INVALID_ASSET)
    if (typeof config.amount !== 'number' || !(config.amount > 0)) throw new AppKitPayError(AppKitPayErrorCodes.INVALID_AMOUNT)
    const parsed = v.safeParse(Options, config)
    if (!parsed.success) throw new AppKitPayError(AppKitPayErrorCodes.INVALID_PAYMENT_CONFIG, `${v.getDotPath(parsed.issues[0]) ?? 'options'}: ${parsed.issues[0].message}`)
    const namespace = config.paymentAsset.network.split(':')[0]
    const valid = namespace === 'eip155' ? isEvmAddress(config.recipient) && config.recipient.startsWith('0x') : namespace === 'solana' && isSolanaAddress(config.recipient)
    if (!valid) throw new AppKitPayError(AppKitPayErrorCodes.INVALID_RECIPIENT_ADDRESS_FOR_ASSET, `Provide valid recipient address for namespace "${namespace}"`)
  },

  resetState(): void {
    const { exchanges } = payState().peek()
    payState().value = { ...initialPayState(), exchanges }
  },

  setPaymentConfig(config: PaymentOptions): void {
    patchPay({
      choice: config.choice ?? 'pay', paymentAsset: config.paymentAsset, recipient: config.recipient, amount: config.amount,
      openInNewTab: config.openInNewTab ?? true, redirectUrl: config.redirectUrl, payWithExchange: config.payWithExchange, error: null, errorDetail: undefined,
    })
  },

  /** AppKit's handleOpenPay: the payment checked and set, PAY_MODAL_OPEN, then the Pay view. */
  async handleOpenPay(options: PaymentOptions): Promise<void> {
    const kit = getCurrentInstance()
    if (!kit) throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_INITIATE_PAYMENT, 'Create the modal with createAppKit first')
    if (payState().peek().isPaymentInProgress) throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_INITIATE_PAYMENT, 'A payment is already in progress')
    this.resetState()
    this.validatePayConfig(options)
    this.setPaymentConfig(options)
    initializeAnalytics()
    patchPay({ isConfigured: true })
    const s = payState().peek()
    emit('PAY_MODAL_OPEN', { exchanges: s.exchanges, configuration: configuration(s) })
    // The views' chunk reaches the controller through the route: it never holds a copy of this state.
    await kit.open({ view: 'Pay', data: { pay: PayController, view: PAY_VIEW } })
  },

  getPaymentAsset: () => payState().peek().paymentAsset,
  getExchanges: () => payState().peek().exchanges,
  getExchangeById: (exchangeId: string) => payState().peek().exchanges.find((e) => e.id === exchangeId),
  setPaymentInProgress: (isPaymentInProgress: boolean) => patchPay({ isPaymentInProgress }),
  setSelectedPaymentAsset: (selectedPaymentAsset: PaymentAssetWithAmount | null) => patchPay({ selectedPaymentAsset }),
  setRequestId: (requestId: string) => patchPay({ requestId }),
  setSelectedExchange: (selectedExchange?: Exchange) => patchPay({ selectedExchange, exchangeUrlForQuote: undefined, exchangeSessionId: undefined }),
  resetQuoteState: () => patchPay({ quote: undefined, quoteStatus: 'waiting', quoteError: null, isFetchingQuote: false, requestId: undefined }),
  initiatePayment: () => patchPay({ isPaymentInProgress: true, paymentId: crypto.randomUUID() }),

  /** The exchanges the Pay view offers (the payment's includeOnly and exclude applied by the API). */
  async fetchExchanges(): Promise<void> {
    patchPay({ isLoading: true })
    try {
      const { payWithExchange } = payState().peek()
      const response = await getExchanges(api(store()), { page: DEFAULT_PAGE, includeOnly: payWithExchange?.includeOnly, exclude: payWithExchange?.exclude })
      patchPay({ exchanges: response.exchanges.slice(0, EXCHANGES_SHOWN) })
    } catch (error) {
      throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_EXCHANGES, error instanceof Error ? error.message : undefined)
    } finally {
      patchPay({ isLoading: false })
    }
  },

  async getAvailableExchanges(params?: GetExchangesParams) {
    try {
      const asset = params?.asset && params.network ? formatCaip19Asset(params.network, params.asset) : undefined
      return await getExchanges(api(store()), { page: params?.page ?? DEFAULT_PAGE, asset, amount: params?.amount?.toString() })
    } catch (error) {
      throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_EXCHANGES, error instanceof Error ? error.message : undefined)
    }
  },

  /** A pay URL on the exchange; headless (getPayUrl from the site) starts the payment too. */
  async getPayUrl(exchangeId: string, params: PayUrlParams, headless = false) {
    const amount = Number(params.amount)
    if (!(amount > 0) || !Number.isFinite(amount)) throw new AppKitPayError(AppKitPayErrorCodes.INVALID_AMOUNT)
    let response
    try {
      response = await getPayUrl(api(store()), { exchangeId, asset: formatCaip19Asset(params.network, params.asset), amount: String(amount), recipient: `${params.network}:${params.recipient}` })
    } catch (error) {
      if (error instanceof AppKitPayError) throw error
      const message = error instanceof Error ? error.message : undefined
      if (message?.includes('is not supported')) throw new AppKitPayError(AppKitPayErrorCodes.ASSET_NOT_SUPPORTED, message)
      throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_PAY_URL, error instanceof PayApiError ? message : 'The exchange could not be reached')
    }
    const config = { network: params.network, asset: params.asset, recipient: params.recipient, amount }
    emit('PAY_EXCHANGE_SELECTED', { source: 'pay', exchange: { id: exchangeId }, configuration: config, currentPayment: { type: 'exchange', exchangeId }, headless })
    if (headless) {
      this.initiatePayment()
      emit('PAY_INITIATED', { source: 'pay', paymentId: payState().peek().paymentId || DEFAULT_PAYMENT_ID, configuration: config, currentPayment: { type: 'exchange', exchangeId } })
    }
    return response
  },

  async openPayUrl(openParams: { exchangeId: string; openInNewTab?: boolean }, params: PayUrlParams, headless = false) {
    try {
      const payUrl = await this.getPayUrl(openParams.exchangeId, params, headless)
      window.open(payUrl.url, openParams.openInNewTab ?? true ? '_blank' : '_self', 'noopener')
      return payUrl
    } catch (error) {
      patchPay(fail(error))
      throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_PAY_URL, error instanceof AppKitPayError ? error.details : undefined)
    }
  },

  /** The Pay view's exchange choice: a pay URL for this payment, which then is in progress. */
  async handlePayWithExchange(exchangeId: string): Promise<{ url: string; openInNewTab: boolean } | null> {
    patchPay({ currentPayment: { type: 'exchange', exchangeId }, error: null, errorDetail: undefined })
    try {
      const s = payState().peek()
      const payUrl = await this.getPayUrl(exchangeId, { network: s.paymentAsset.network, asset: s.paymentAsset.asset, amount: s.amount, recipient: s.recipient })
      patchPay({ currentPayment: { type: 'exchange', exchangeId, sessionId: payUrl.sessionId, status: 'IN_PROGRESS' } })
      this.initiatePayment()
      return { url: payUrl.url, openInNewTab: payState().peek().openInNewTab ?? true }
    } catch (error) {
      patchPay({ ...fail(error, 'UNABLE_TO_INITIATE_PAYMENT'), isPaymentInProgress: false })
      return null
    }
  },

  /** AppKit's: the exchange's pay URL for a quote's deposit (to the recipient, or to the route's deposit address). */
  async generateExchangeUrlForQuote({ exchangeId, paymentAsset, amount, recipient }: { exchangeId: string; paymentAsset: PaymentAsset; amount: string; recipient: string }): Promise<void> {
    try {
      const response = await getPayUrl(api(store()), { exchangeId, asset: formatCaip19Asset(paymentAsset.network, paymentAsset.asset), amount, recipient })
      patchPay({ exchangeSessionId: response.sessionId, exchangeUrlForQuote: response.url })
    } catch (error) {
      throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_PAY_URL, error instanceof PayApiError ? error.message : 'The exchange could not be reached')
    }
  },

  /** The PayQuote view sent the payer to the exchange: PAY_EXCHANGE_SELECTED, then the payment in progress (PAY_INITIATED). */
  startExchangePayment(requestId: string): void {
    const s = payState().peek()
    const exchangeId = s.selectedExchange?.id
    const sessionId = s.exchangeSessionId
    if (!exchangeId || !sessionId) throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_INITIATE_PAYMENT, 'No exchange payment to start')
    emit('PAY_EXCHANGE_SELECTED', { source: 'pay', exchange: { id: exchangeId }, configuration: configuration(s), currentPayment: { type: 'exchange', exchangeId }, headless: false })
    patchPay({ requestId, error: null, errorDetail: undefined, currentPayment: { type: 'exchange', exchangeId, sessionId, status: 'IN_PROGRESS' } })
    this.initiatePayment()
  },

  async getBuyStatus(exchangeId: string, sessionId: string) {
    try {
      return await getBuyStatus(api(store()), { exchangeId, sessionId })
    } catch (error) {
      throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_GET_BUY_STATUS, error instanceof Error ? error.message : undefined)
    }
  },

  /** One status check of the exchange payment in progress; an ended one ends the payment. */
  async updateBuyStatus(exchangeId: string, sessionId: string): Promise<void> {
    const status = await this.getBuyStatus(exchangeId, sessionId)
    const s = payState().peek()
    if (s.currentPayment?.sessionId !== sessionId || !s.isPaymentInProgress) return
    const failed = status.status === 'FAILED'
    patchPay({
      currentPayment: { ...s.currentPayment, status: status.status, result: status.txHash },
      ...(failed && { error: AppKitPayErrorMessages.GENERIC_PAYMENT_ERROR, errorDetail: 'The payment was cancelled or failed on the exchange' }),
    })
    if (status.status === 'SUCCESS' || failed) patchPay({ isPaymentInProgress: false })
  },

  /** AppKit's handlePayWithWallet: not connected, Connect; else the transfer (in the Pay view's chunk). */
  async handlePayWithWallet(): Promise<void> {
    const { payWithWallet } = await import('../lazy/pay/wallet')
    await payWithWallet(store(), PayController)
  },
}
