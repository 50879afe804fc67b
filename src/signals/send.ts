import { effect, signal } from '@preact/signals-core'
import * as v from 'valibot'
import type { ApiTokenBalance } from '../api/blockchain'
import type { ChainNamespace } from '../types'
import type { ViewName } from './modal'
import type { Store } from './store'
import { accountFor } from './account'
import { emitEvent } from './events'
import { errorMessage } from '../utils/errors'
import { formatUnits } from '../utils/units'

/** SPEC section 5 and AppKit's SendController: the texts a person sees for a form that cannot be sent. */
export const SEND_ERRORS = {
  AMOUNT_AND_RECEIVER: 'An amount and receiver address are required',
  TOKEN: 'A token is required',
  CHAIN: 'Unsupported chain',
  INSUFFICIENT: 'Insufficient Funds',
  INVALID_ADDRESS: 'Invalid Address',
  INCORRECT_VALUE: 'Incorrect Value',
  // open({ view: 'WalletSend', arguments }) that cannot be followed.
  INVALID_AMOUNT: 'Invalid amount',
  networkNotFound: (chainId: string | number) => `Network with id "${chainId}" not found`,
} as const

/** AppKit's send button labels, in the order its form checks them. */
export const SEND_BUTTON = {
  SELECT_TOKEN: 'Select Token',
  ADD_AMOUNT: 'Add Amount',
  INCORRECT_VALUE: 'Incorrect Value',
  INSUFFICIENT_FUNDS: 'Insufficient Funds',
  ADD_ADDRESS: 'Add Address',
  INVALID_ADDRESS: 'Invalid Address',
  PREVIEW_SEND: 'Preview Send',
} as const

/** SPEC section 9: send works on these namespaces only. */
export const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'tron', 'bip122']

export type SendToken = ApiTokenBalance

/** The fee of the transaction being prepared, in the network's native base units. */
export interface SendFee {
  amount: bigint
  /** What Max keeps back on a native send (AppKit: 65,000 gas at the gas price on EVM). */
  reserve: bigint
  decimals: number
  symbol: string
}

/** SPEC section 3, send state, plus what the form needs between renders. */
export interface SendForm {
  token?: SendToken
  sendTokenAmount?: string
  receiverAddress?: string
  receiverProfileName?: string
  receiverProfileImageUrl?: string
  networkBalanceInUSD?: string
  loading: boolean
  hash?: string
  step: 'form' | 'preview'
  error?: string
  fee?: SendFee
  /** The fee could not be estimated (the node did not answer): shown as unavailable, not pending. */
  feeUnavailable?: boolean
  /** Fields fixed by open({ view: 'WalletSend', arguments }). */
  readOnly?: boolean
}

/** A transaction-stack entry (SPEC section 2): where the modal goes when the transaction ends. */
export interface TransactionEntry {
  view?: ViewName
  goBack: boolean
}

function createSendState() {
  return { form: signal<SendForm>({ loading: false, step: 'form' }), transactions: signal<TransactionEntry[]>([]) }
}
export type SendState = ReturnType<typeof createSendState>

// One send slice per instance, made on first use: the loader never pays for it.
const states = new WeakMap<Store, SendState>()

/** The instance's send state; a network or account change resets the form (SPEC section 4). */
export function sendStateFor(store: Store): SendState {
  let state = states.get(store)
  if (!state) {
    const created = createSendState()
    states.set(store, (state = created))
    let last: string | undefined
    effect(() => {
      const key = `${store.network.activeCaipNetworkId.value}|${accountFor(store, store.network.activeNamespace.value).address ?? ''}`
      if (last !== undefined && last !== key && !created.form.peek().loading) resetSend(store)
      last = key
    })
  }
  return state
}

export function patchSend(store: Store, patch: Partial<SendForm>): void {
  const { form } = sendStateFor(store)
  form.value = { ...form.peek(), ...patch }
}

/** AppKit's resetSend: everything but the loading flag is cleared. */
export function resetSend(store: Store): void {
  sendStateFor(store).form.value = { loading: false, step: 'form' }
}

export function pushTransactionStack(store: Store, entry: TransactionEntry): void {
  const { transactions } = sendStateFor(store)
  transactions.value = [...transactions.peek(), entry]
}

/** Ends the newest transaction; on success its view (if any) becomes the only view. */
export function popTransactionStack(store: Store, status: 'success' | 'error' | 'cancel'): TransactionEntry | undefined {
  const { transactions } = sendStateFor(store)
  const stack = transactions.peek()
  const entry = stack[stack.length - 1]
  if (!entry) return undefined
  transactions.value = stack.slice(0, -1)
  if (status === 'success' && entry.view) store.modal.stack.value = [{ view: entry.view }]
  return entry
}

/** A typed amount as a plain decimal: ',' is read as '.', and anything non-numeric becomes 0 (SPEC section 5). */
export function toSendValue(raw: string | undefined): string {
  const text = (raw ?? '').trim().replace(',', '.')
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (!match[1] && !match[2])) return '0'
  const whole = (match[1] || '0').replace(/^0+(?=\d)/, '')
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** A decimal string in base units; excess decimals are rounded, half up (SPEC section 5). */
export function parseUnits(value: string, decimals: number): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value)
  if (!match || (!match[2] && !match[3])) throw new Error(`Number \`${value}\` is not a valid decimal number.`)
  const fraction = match[3] ?? ''
  let units = BigInt((match[2] || '0') + fraction.slice(0, decimals).padEnd(decimals, '0'))
  if (fraction.length > decimals && Number(fraction[decimals]) >= 5) units += 1n
  return match[1] ? -units : units
}

export const tokenDecimals = (token: SendToken) => Number(token.quantity.decimals)
export const isNative = (token: SendToken) => !token.address

/** The plain address of a CAIP-10 token address (eip155:1:0xabc → 0xabc); a plain one stays. */
export function plainAddress(address: string | undefined): string | undefined {
  return address?.split(':').pop() || undefined
}

/**
 * What Max fills in: the whole balance, less the fee reserve on a native send, so the
 * transaction can still pay for itself. Never below 0.
 */
export function maxSendAmount(token: SendToken, fee?: SendFee): string {
  const decimals = tokenDecimals(token)
  const balance = parseUnits(token.quantity.numeric, decimals)
  const reserve = isNative(token) && fee ? fee.reserve : 0n
  return formatUnits(balance > reserve ? balance - reserve : 0n, decimals)
}

/** The form's button label, as AppKit's send view words it. */
export function sendButtonMessage(form: SendForm, isAddress: (address: string) => boolean): string {
  const { token, sendTokenAmount, receiverAddress } = form
  if (!token) return SEND_BUTTON.SELECT_TOKEN
  if (!sendTokenAmount) return SEND_BUTTON.ADD_AMOUNT
  const amount = toSendValue(sendTokenAmount)
  if (parseUnits(amount, tokenDecimals(token)) === 0n) return SEND_BUTTON.INCORRECT_VALUE
  if (parseUnits(amount, tokenDecimals(token)) > parseUnits(token.quantity.numeric, tokenDecimals(token))) return SEND_BUTTON.INSUFFICIENT_FUNDS
  if (!receiverAddress) return SEND_BUTTON.ADD_ADDRESS
  if (!isAddress(receiverAddress.trim())) return SEND_BUTTON.INVALID_ADDRESS
  return SEND_BUTTON.PREVIEW_SEND
}

/**
 * Why this form cannot be sent, or undefined: the spec's errors in AppKit's order (chain,
 * amount and receiver, token), then the form's own checks.
 */
export function sendProblem(form: SendForm, opts: { namespace: string; unsupported?: boolean; isAddress: (address: string) => boolean }): string | undefined {
  if (!SEND_NAMESPACES.includes(opts.namespace as ChainNamespace) || opts.unsupported) return SEND_ERRORS.CHAIN
  if (!form.sendTokenAmount?.trim() || !form.receiverAddress?.trim()) return SEND_ERRORS.AMOUNT_AND_RECEIVER
  if (!form.token) return SEND_ERRORS.TOKEN
  const message = sendButtonMessage(form, opts.isAddress)
  return message === SEND_BUTTON.PREVIEW_SEND ? undefined : message
}

/** AppKit's event properties for the send events (SEND_INITIATED, SEND_SUCCESS, SEND_ERROR, SEND_REJECTED). */
export function sendEventProperties(store: Store, form: SendForm, extra: Record<string, unknown> = {}) {
  const namespace = store.network.activeNamespace.peek()
  return {
    isSmartAccount: accountFor(store, namespace).preferredAccountType === 'smartAccount',
    token: form.token?.symbol ?? '',
    amount: Number(toSendValue(form.sendTokenAmount)),
    network: store.network.activeCaipNetworkId.peek(),
    ...extra,
  }
}

/** OPEN_SEND as AppKit's wallet features emit it, for whatever opens the send view. */
export function emitOpenSend(store: Store): void {
  emitEvent(store, 'OPEN_SEND', { isSmartAccount: accountFor(store, store.network.activeNamespace.peek()).preferredAccountType === 'smartAccount', network: store.network.activeCaipNetworkId.peek() })
}

export function emitSendFailure(store: Store, form: SendForm, error: unknown, rejected: boolean): void {
  emitEvent(store, rejected ? 'SEND_REJECTED' : 'SEND_ERROR', sendEventProperties(store, form, { message: errorMessage(error, 'Failed to send transaction') }))
}

/** AppKit's open({ view: 'WalletSend', arguments }): { amount, assetAddress, namespace, chainId, to }. */
const SendArguments = v.object({
  amount: v.union([v.string(), v.number()]),
  assetAddress: v.optional(v.string(), ''),
  namespace: v.string(),
  chainId: v.union([v.string(), v.number()]),
  to: v.string(),
})
export type SendArguments = v.InferOutput<typeof SendArguments>

/** The send arguments of a route: AppKit keeps them as data.send; the arguments themselves are accepted too. */
export function sendArgumentsOf(data: Record<string, unknown> | undefined): SendArguments | undefined {
  if (!data) return undefined
  const parsed = v.safeParse(SendArguments, data.send ?? data.arguments ?? data)
  return parsed.success ? parsed.output : undefined
}

/** The holding the arguments name: by contract or mint address, or the native one when none or a placeholder is given. */
export function findArgumentToken(balances: readonly SendToken[], assetAddress: string): SendToken | undefined {
  const wanted = assetAddress.trim().toLowerCase()
  const nativeNamed = !wanted || /^0xe{40}$/.test(wanted) || wanted === 'so11111111111111111111111111111111111111111'
  return balances.find((b) => (b.address ? plainAddress(b.address)!.toLowerCase() === wanted : nativeNamed))
}
