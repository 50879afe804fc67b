// AppKit Pay's errors: its codes, its messages, its error class.
export const AppKitPayErrorCodes = {
  INVALID_PAYMENT_CONFIG: 'INVALID_PAYMENT_CONFIG',
  INVALID_RECIPIENT: 'INVALID_RECIPIENT',
  INVALID_ASSET: 'INVALID_ASSET',
  INVALID_AMOUNT: 'INVALID_AMOUNT',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
  UNABLE_TO_INITIATE_PAYMENT: 'UNABLE_TO_INITIATE_PAYMENT',
  INVALID_CHAIN_NAMESPACE: 'INVALID_CHAIN_NAMESPACE',
  GENERIC_PAYMENT_ERROR: 'GENERIC_PAYMENT_ERROR',
  UNABLE_TO_GET_EXCHANGES: 'UNABLE_TO_GET_EXCHANGES',
  ASSET_NOT_SUPPORTED: 'ASSET_NOT_SUPPORTED',
  UNABLE_TO_GET_PAY_URL: 'UNABLE_TO_GET_PAY_URL',
  UNABLE_TO_GET_BUY_STATUS: 'UNABLE_TO_GET_BUY_STATUS',
  UNABLE_TO_GET_TOKEN_BALANCES: 'UNABLE_TO_GET_TOKEN_BALANCES',
  UNABLE_TO_GET_QUOTE: 'UNABLE_TO_GET_QUOTE',
  UNABLE_TO_GET_QUOTE_STATUS: 'UNABLE_TO_GET_QUOTE_STATUS',
  INVALID_RECIPIENT_ADDRESS_FOR_ASSET: 'INVALID_RECIPIENT_ADDRESS_FOR_ASSET',
} as const

export type AppKitPayErrorCode = (typeof AppKitPayErrorCodes)[keyof typeof AppKitPayErrorCodes]

export const AppKitPayErrorMessages = {
  INVALID_PAYMENT_CONFIG: 'Invalid payment configuration',
  INVALID_RECIPIENT: 'Invalid recipient address',
  INVALID_ASSET: 'Invalid asset specified',
  INVALID_AMOUNT: 'Invalid payment amount',
  INVALID_RECIPIENT_ADDRESS_FOR_ASSET: 'Invalid recipient address for the asset selected',
  UNKNOWN_ERROR: 'Unknown payment error occurred',
  UNABLE_TO_INITIATE_PAYMENT: 'Unable to initiate payment',
  INVALID_CHAIN_NAMESPACE: 'Invalid chain namespace',
  GENERIC_PAYMENT_ERROR: 'Unable to process payment',
  UNABLE_TO_GET_EXCHANGES: 'Unable to get exchanges',
  ASSET_NOT_SUPPORTED: 'Asset not supported by the selected exchange',
  UNABLE_TO_GET_PAY_URL: 'Unable to get payment URL',
  UNABLE_TO_GET_BUY_STATUS: 'Unable to get buy status',
  UNABLE_TO_GET_TOKEN_BALANCES: 'Unable to get token balances',
  UNABLE_TO_GET_QUOTE: 'Unable to get quote. Please choose a different token',
  UNABLE_TO_GET_QUOTE_STATUS: 'Unable to get quote status',
} as const satisfies Record<AppKitPayErrorCode, string>

export type AppKitPayErrorMessage = (typeof AppKitPayErrorMessages)[keyof typeof AppKitPayErrorMessages]

export class AppKitPayError extends Error {
  readonly code: AppKitPayErrorCode
  /** Why, in words a person can act on (the wallet's refusal, the balance short, the exchange's reason). */
  readonly details?: unknown

  constructor(code: AppKitPayErrorCode, details?: unknown) {
    super(AppKitPayErrorMessages[code])
    this.name = 'AppKitPayError'
    this.code = code
    this.details = details
  }
}

export function createAppKitPayError(code?: AppKitPayErrorCode, details?: unknown): AppKitPayError {
  return new AppKitPayError(code || AppKitPayErrorCodes.UNKNOWN_ERROR, details)
}

/** The state a failure leaves: AppKit's message for the error's code, and the reason behind it. */
export function failure(error: unknown, fallback: AppKitPayErrorCode = 'GENERIC_PAYMENT_ERROR'): { error: AppKitPayErrorMessage; errorDetail: string | undefined } {
  const code = error instanceof AppKitPayError ? error.code : fallback
  const detail = error instanceof AppKitPayError ? error.details : error instanceof Error ? error.message : undefined
  return { error: AppKitPayErrorMessages[code], errorDetail: typeof detail === 'string' ? detail : undefined }
}
