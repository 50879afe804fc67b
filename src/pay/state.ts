// AppKit Pay's controller state, page-wide as AppKit keeps it: the payment being made, its
// progress and its error. Only postern/pay holds it (the Pay views get the controller through
// the route); nothing at import time.
import { signal, type Signal } from '@preact/signals-core'
import type { PayControllerState } from '../utils/pay-types'

export type { PayControllerState }

export const initialPayState = (): PayControllerState => ({
  paymentAsset: { network: 'eip155:1', asset: '0x0', metadata: { name: '0x0', symbol: '0x0', decimals: 0 } },
  recipient: '0x0',
  amount: 0,
  isConfigured: false,
  error: null,
  isPaymentInProgress: false,
  isLoading: false,
  exchanges: [],
  openInNewTab: true,
  redirectUrl: undefined,
  payWithExchange: undefined,
  currentPayment: undefined,
  paymentId: undefined,
  choice: 'pay',
  tokenBalances: {},
  isFetchingTokenBalances: false,
  selectedPaymentAsset: null,
  quote: undefined,
  quoteStatus: 'waiting',
  quoteError: null,
  isFetchingQuote: false,
  requestId: undefined,
})

let current: Signal<PayControllerState> | undefined
/** The state as a signal (views read .value); made on first use. */
export const payState = (): Signal<PayControllerState> => (current ??= signal(initialPayState()))

export function patchPay(patch: Partial<PayControllerState>): void {
  payState().value = { ...payState().peek(), ...patch }
}

/** Calls back when one key's value changes (AppKit's subscribeKey). */
export function subscribePayKey<K extends keyof PayControllerState>(key: K, callback: (value: PayControllerState[K]) => void): () => void {
  let last = payState().peek()[key]
  return payState().subscribe((state) => {
    if (state[key] === last) return
    last = state[key]
    callback(state[key])
  })
}
