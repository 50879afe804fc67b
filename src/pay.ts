// postern/pay: AppKit 1.8's @reown/appkit-pay under its names. openPay and pay open the Pay view
// (its own chunk) for a payment to a recipient: with the connected wallet (a transfer confirmed on
// chain) or through an exchange (its page, then its status); PAY_* events reach subscribeEvents.
export { openPay, pay, getExchanges, getAvailableExchanges, getPayUrl, openPayUrl, getPayResult, getPayError, getIsPaymentInProgress, subscribeStateKey } from './pay/client'
export type { PayControllerPublicState } from './pay/client'
export { PayController } from './pay/controller'
export { formatCaip19Asset, isPayWithWalletSupported } from './utils/pay-assets'
export type { PayControllerState } from './utils/pay-types'
export { AppKitPayError, AppKitPayErrorCodes, AppKitPayErrorMessages, createAppKitPayError } from './utils/pay-errors'
export type { AppKitPayErrorCode, AppKitPayErrorMessage } from './utils/pay-errors'
export type {
  AssetMetadata, CurrentPayment, Exchange, ExchangeBuyStatus, GetExchangesParams, PayResult, PayUrlParams, PayUrlResponse, PaymentAsset,
  PaymentAssetWithAmount, PaymentChoice, PaymentOptions, PaymentResult, Quote, QuoteAmount, QuoteCurrency, QuoteFee, QuoteStatus, QuoteStep,
} from './utils/pay-types'
export * from './pay/assets'
