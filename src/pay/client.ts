// AppKit Pay's client functions (its client.ts): open the Pay view, or pay and wait for the outcome.
import { PayController } from './controller'
import { AppKitPayError, AppKitPayErrorCodes } from '../utils/pay-errors'
import type { PayControllerState } from './state'
import type { GetExchangesParams, PayUrlParams, PaymentOptions, PaymentResult } from '../utils/pay-types'

/** AppKit's: 5 minutes. */
const PAYMENT_TIMEOUT_MS = 300_000

export async function openPay(options: PaymentOptions): Promise<void> {
  return PayController.handleOpenPay(options)
}

/** Opens the Pay view and resolves with the payment's outcome (success and its transaction, or the error). */
export async function pay(options: PaymentOptions, timeoutMs = PAYMENT_TIMEOUT_MS): Promise<PaymentResult> {
  if (!(timeoutMs > 0)) throw new AppKitPayError(AppKitPayErrorCodes.INVALID_PAYMENT_CONFIG, 'Timeout must be greater than 0')
  try {
    await openPay(options)
  } catch (error) {
    if (error instanceof AppKitPayError) throw error
    throw new AppKitPayError(AppKitPayErrorCodes.UNABLE_TO_INITIATE_PAYMENT, (error as Error)?.message)
  }
  return new Promise<PaymentResult>((resolve, reject) => {
    let settled = false
    const finish = (outcome: PaymentResult | Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      for (const off of unsubscribe) off()
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    const timer = setTimeout(() => finish(new AppKitPayError(AppKitPayErrorCodes.GENERIC_PAYMENT_ERROR, 'Payment timeout')), timeoutMs)
    const check = () => {
      const { currentPayment, error, isPaymentInProgress } = PayController.state
      // An outcome counts once the payment has ended (its last status and error are set by then).
      if (isPaymentInProgress) return
      if (currentPayment?.status === 'SUCCESS') finish({ success: true, result: currentPayment.result })
      else if (currentPayment?.status === 'FAILED') finish({ success: false, error: error || 'Payment failed' })
      else if (error && !currentPayment) finish({ success: false, error })
    }
    const unsubscribe = (['currentPayment', 'error', 'isPaymentInProgress'] as const).map((key) => PayController.subscribeKey(key, check))
    check()
  })
}

export const getAvailableExchanges = (params?: GetExchangesParams) => PayController.getAvailableExchanges(params)
export const getPayUrl = (exchangeId: string, params: PayUrlParams) => PayController.getPayUrl(exchangeId, params, true)
export const openPayUrl = (exchangeId: string, params: PayUrlParams, openInNewTab?: boolean) => PayController.openPayUrl({ exchangeId, openInNewTab }, params, true)
export const getExchanges = () => PayController.getExchanges()
export const getPayResult = () => PayController.state.currentPayment?.result
export const getPayError = () => PayController.state.error
export const getIsPaymentInProgress = () => PayController.state.isPaymentInProgress

export type PayControllerPublicState = Pick<PayControllerState, 'isPaymentInProgress' | 'currentPayment' | 'error'>

export function subscribeStateKey<K extends keyof PayControllerPublicState>(key: K, callback: (value: PayControllerPublicState[K]) => void): () => void {
  return PayController.subscribeKey(key, callback as (value: PayControllerState[K]) => void)
}
