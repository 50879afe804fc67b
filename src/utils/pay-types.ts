// AppKit Pay's public types (@reown/appkit-pay 1.8), under its names, and what the Pay views
// need of its controller.
import type { Signal } from '@preact/signals-core'
import type { AppKitPayErrorMessage } from './pay-errors'

/** CAIP-2 network id, `namespace:reference` (eip155:8453). */
export type CaipNetworkId = `${string}:${string}`

export type AssetMetadata = {
  logoURI?: string
  name: string
  symbol: string
  decimals: number
}

export type PaymentAsset = {
  network: CaipNetworkId
  /** 'native' or the token's address on that network. */
  asset: string
  metadata: AssetMetadata
}

export type PaymentChoice = 'pay' | 'deposit'

/** A payment option: an asset the wallet holds, with the amount it holds (decimal). */
export type PaymentAssetWithAmount = PaymentAsset & { amount: string }

export type PaymentOptions = {
  choice?: PaymentChoice
  paymentAsset: PaymentAsset
  recipient: string
  amount: number
  openInNewTab?: boolean
  redirectUrl?: { success: string; failure: string }
  payWithExchange?: { includeOnly?: string[]; exclude?: string[] }
}

export type GetExchangesParams = {
  page?: number
  asset?: string
  amount?: number | string
  network?: CaipNetworkId
}

export type PayUrlParams = {
  network: CaipNetworkId
  asset: string
  amount: number | string
  recipient: string
}

export type PayUrlResponse = { url: string; sessionId: string }

export type Exchange = { id: string; imageUrl: string; name: string }

export type ExchangeBuyStatus = 'UNKNOWN' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED'

export type PaymentResult = { success: boolean; result?: string; error?: string }

export type PaymentType = 'wallet' | 'exchange'

export type CurrentPayment = {
  type: PaymentType
  exchangeId?: string
  sessionId?: string
  status?: ExchangeBuyStatus
  result?: string
}
export type PayResult = CurrentPayment['result']

// AppKit's quote types (its transfers API): what paying with another asset costs, and its steps.
export type QuoteStatus = 'waiting' | 'pending' | 'success' | 'failure' | 'refund' | 'timeout' | 'submitted'
export type QuoteCurrency = PaymentAsset
export interface QuoteAmount { amount: string; currency: QuoteCurrency }
export interface QuoteFee { id: string; label: string; amount: string; currency: QuoteCurrency }
export interface QuoteDepositStep { requestId: string; type: 'deposit'; deposit: { amount: string; currency: string; receiver: string } }
/** A transaction the wallet sends (the quote API's EVM call; `value` and `gas` in base units). */
export interface QuoteTransaction { from: string; to: string; data: string; value: string; chainId?: number; gas?: string }
export interface QuoteTransactionStep { requestId: string; type: 'transaction'; transaction: QuoteTransaction }
export type QuoteStep = QuoteDepositStep | QuoteTransactionStep
export interface Quote { type?: 'direct-transfer'; origin: QuoteAmount; destination: QuoteAmount; steps: QuoteStep[]; fees: QuoteFee[]; timeInSeconds: number }

export interface PayControllerState extends PaymentOptions {
  isConfigured: boolean
  error: AppKitPayErrorMessage | null
  isPaymentInProgress: boolean
  isLoading: boolean
  exchanges: Exchange[]
  currentPayment?: CurrentPayment
  paymentId?: string
  choice: PaymentChoice
  /** The reason behind error, in words a person can act on (Postern's addition, shown in the view). */
  errorDetail?: string
  /** The PayQuote view's: the wallet's holdings (AppKit's Balance shape) per namespace, the option chosen, its quote. */
  tokenBalances: Partial<Record<string, PayBalance[]>>
  isFetchingTokenBalances: boolean
  selectedPaymentAsset: PaymentAssetWithAmount | null
  quote?: Quote
  quoteStatus: QuoteStatus
  quoteError: string | null
  isFetchingQuote: boolean
  requestId?: string
  /** Paying through an exchange in the PayQuote view: the exchange, and its pay URL and session for the quote's deposit. */
  selectedExchange?: Exchange
  exchangeUrlForQuote?: string
  exchangeSessionId?: string
}

/** One holding as the balance API lists it (AppKit's Balance). */
export interface PayBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  iconUrl?: string
  quantity: { decimals: string; numeric: string }
}

/** What the Pay views use of PayController; openPay hands it over in the route's data. */
export interface PayViewController {
  /** PayLoading's route entry, pushed with its route (views/Modal.tsx reads route.data.view). */
  readonly loadingView: { title: () => string; load: () => Promise<unknown> }
  /** PayQuote's route entry. */
  readonly quoteView: { title: () => string; load: () => Promise<unknown> }
  readonly state: PayControllerState
  stateSignal(): Signal<PayControllerState>
  patchState(patch: Partial<PayControllerState>): void
  fetchExchanges(): Promise<void>
  handlePayWithWallet(): Promise<void>
  updateBuyStatus(exchangeId: string, sessionId: string): Promise<void>
  getBuyStatus(exchangeId: string, sessionId: string): Promise<{ status: ExchangeBuyStatus; txHash?: string }>
  generateExchangeUrlForQuote(params: { exchangeId: string; paymentAsset: PaymentAsset; amount: string; recipient: string }): Promise<void>
  /** The quote's deposit is being paid on the exchange: PAY_EXCHANGE_SELECTED, then the payment in progress. */
  startExchangePayment(requestId: string): void
}
