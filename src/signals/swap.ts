import { signal, type Signal } from '@preact/signals-core'
import * as v from 'valibot'
import type { ApiTokenBalance } from '../api/blockchain'
import { buildApprove, buildSwap, CONVERT_SLIPPAGE_TOLERANCE, getSwapAllowance, getSwapGasPrice, getSwapQuote, getSwapTokens, type SwapToken } from '../api/convert'
import { reasonOr } from '../api/request'
import { formatUnits } from '../utils/units'
import { accountFor, activeAccount } from './account'
import { emitEvent } from './events'
import type { Store } from './store'
import { SWAP_CHAIN_IDS } from './swap-chains'

export type { SwapToken } from '../api/convert'
export { CONVERT_SLIPPAGE_TOLERANCE } from '../api/convert'

export { SWAP_CHAIN_IDS } from './swap-chains'
/** AppKit's NATIVE_TOKEN_ADDRESS.eip155: how the convert API names the native currency. */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** A quote older than this is fetched again before a swap is built on it. */
export const QUOTE_TTL_MS = 30_000
/** AppKit's suggested tokens (the first row of the picker), in its order. */
export const SUGGESTED = ['ETH', 'UNI', '1INCH', 'AAVE', 'SOL', 'ADA', 'AVAX', 'DOT', 'LINK', 'WBTC', 'DAI', 'WETH', 'USDC', 'USDT', 'ARB', 'MATIC', 'OP', 'POL']

export const SWAP_ERRORS = {
  NETWORK: 'Network not supported for Swaps',
  GAS: 'Network not supported for Gas Price',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  INSUFFICIENT_LIQUIDITY: 'Insufficient liquidity',
  QUOTE_EXPIRED: 'Quote expired',
  REJECTED: 'Transaction rejected in the wallet',
} as const

export interface SwapState {
  tokens: SwapToken[]
  tokensLoading: boolean
  sourceToken?: SwapToken
  toToken?: SwapToken
  sourceTokenAmount: string
  /** The quote's output, as a decimal string and in base units, and when it was read. */
  toTokenAmount: string
  toAmount?: bigint
  quoteAt?: number
  loadingQuote: boolean
  gasPrice?: bigint
  /** A problem with the form ('Insufficient balance', 'Insufficient liquidity', ...). */
  inputError?: string
  /** A problem with the view itself (network not supported, tokens unavailable). */
  error?: string
  /** Why the last approve or swap failed; cleared when the form changes. */
  txError?: string
  /** The source token's allowance is below the amount: the swap approves first. */
  needsApproval?: boolean
  loadingApproval: boolean
  loadingTransaction: boolean
}

const initial = (): SwapState => ({ tokens: [], tokensLoading: false, sourceTokenAmount: '', toTokenAmount: '', loadingQuote: false, loadingApproval: false, loadingTransaction: false })
const states = new WeakMap<Store, Signal<SwapState>>()

export function swapStateFor(store: Store): Signal<SwapState> {
  let state = states.get(store)
  if (!state) states.set(store, (state = signal(initial())))
  return state
}

export function patchSwap(store: Store, patch: Partial<SwapState>): void {
  const state = swapStateFor(store)
  state.value = { ...state.peek(), ...patch }
}

const api = (store: Store) => ({ baseUrl: store.options.blockchainApiUrl, projectId: store.options.projectId })

/** Swaps run on eip155 on the spec's networks only. */
export function swapSupported(store: Store): boolean {
  const network = store.network.activeNetwork.peek()
  return network.chainNamespace === 'eip155' && SWAP_CHAIN_IDS.includes(Number(network.id)) && !store.network.unsupported.peek()
}

/** AppKit's SwapInputArguments: token symbols and a decimal amount. */
const SwapArguments = v.object({ fromToken: v.optional(v.string()), toToken: v.optional(v.string()), amount: v.optional(v.pipe(v.string(), v.regex(/^\d*\.?\d*$/))) })

/** Decimal text to base units, exact; excess decimals are cut (an input never asks for more than it holds). */
export function toBaseUnits(text: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = text.trim().split('.')
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (!whole && !fraction)) return 0n
  return BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}

export const isNativeToken = (t: SwapToken) => t.address.toLowerCase().endsWith(NATIVE_TOKEN)

/** The account's holding of a swap token, from the balances it already read. */
export function holdingOf(balances: ApiTokenBalance[] | undefined, token: SwapToken | undefined): ApiTokenBalance | undefined {
  if (!token) return undefined
  return balances?.find((b) => (isNativeToken(token) ? !b.address && b.symbol === token.symbol : b.address?.toLowerCase() === token.address.toLowerCase()))
}

/**
 * Opens the swap on the active network: the tokens and gas price are read, the arguments
 * (or the native currency) choose the tokens. An unsupported network says so and reads nothing.
 */
export async function initSwap(store: Store, args?: unknown): Promise<void> {
  const state = swapStateFor(store)
  const network = store.network.activeNetwork.peek()
  if (!swapSupported(store)) return void (state.value = { ...initial(), error: SWAP_ERRORS.NETWORK })
  state.value = { ...initial(), tokensLoading: true }
  const [tokens, gasPrice] = await Promise.allSettled([getSwapTokens(api(store), network.caipNetworkId), getSwapGasPrice(api(store), network.caipNetworkId)])
  if (tokens.status === 'rejected') return patchSwap(store, { tokensLoading: false, error: reasonOr(tokens.reason, SWAP_ERRORS.NETWORK) })
  const list = tokens.value
  if (!list.length) return patchSwap(store, { tokensLoading: false, error: SWAP_ERRORS.NETWORK })
  const parsed = v.safeParse(SwapArguments, args)
  const a = parsed.success ? parsed.output : {}
  const bySymbol = (s?: string) => (s ? list.find((t) => t.symbol.toLowerCase() === s.toLowerCase()) : undefined)
  patchSwap(store, {
    tokens: list,
    tokensLoading: false,
    sourceToken: bySymbol(a.fromToken) ?? list.find(isNativeToken),
    toToken: bySymbol(a.toToken),
    sourceTokenAmount: a.amount ?? '',
    gasPrice: gasPrice.status === 'fulfilled' ? gasPrice.value : undefined,
    error: gasPrice.status === 'rejected' ? reasonOr(gasPrice.reason, SWAP_ERRORS.GAS) : undefined,
  })
}

/** Picks a token for one side; picking the other side's token swaps the two. */
export function selectToken(store: Store, side: 'sourceToken' | 'toToken', token: SwapToken): void {
  const s = swapStateFor(store).peek()
  const other = side === 'sourceToken' ? 'toToken' : 'sourceToken'
  const clash = s[other]?.address === token.address
  patchSwap(store, { [side]: token, ...(clash && { [other]: s[side] }), toTokenAmount: '', toAmount: undefined, quoteAt: undefined, inputError: undefined })
}

/** Turns the pair around, keeping the amount. */
export function switchTokens(store: Store): void {
  const s = swapStateFor(store).peek()
  patchSwap(store, { sourceToken: s.toToken, toToken: s.sourceToken, sourceTokenAmount: s.toTokenAmount || s.sourceTokenAmount, toTokenAmount: '', toAmount: undefined, quoteAt: undefined })
}

/** The router's quote for the form, with the balance and liquidity checks; quiet without a full form. */
export async function fetchSwapQuote(store: Store): Promise<void> {
  const s = swapStateFor(store).peek()
  const account = accountFor(store, 'eip155')
  const { sourceToken, toToken } = s
  const amount = sourceToken ? toBaseUnits(s.sourceTokenAmount, sourceToken.decimals) : 0n
  if (!sourceToken || !toToken || amount === 0n || !account.caipAddress) {
    return patchSwap(store, { toTokenAmount: '', toAmount: undefined, quoteAt: undefined, inputError: undefined, loadingQuote: false })
  }
  patchSwap(store, { loadingQuote: true, txError: undefined })
  const asked = `${sourceToken.address}|${toToken.address}|${s.sourceTokenAmount}`
  const still = () => {
    const now = swapStateFor(store).peek()
    return `${now.sourceToken?.address}|${now.toToken?.address}|${now.sourceTokenAmount}` === asked
  }
  try {
    const toAmount = await getSwapQuote(api(store), { amount, userAddress: account.caipAddress, from: sourceToken.address, to: toToken.address, gasPrice: s.gasPrice })
    if (!still()) return
    const held = holdingOf(account.tokenBalance, sourceToken)
    const enough = held ? toBaseUnits(held.quantity.numeric, sourceToken.decimals) >= amount : false
    // The native currency needs no approval; a token's allowance for the router is read with the quote.
    const allowance = isNativeToken(sourceToken) ? undefined : await getSwapAllowance(api(store), sourceToken.address, account.caipAddress).catch(() => 0n)
    if (!still()) return
    patchSwap(store, {
      toAmount,
      toTokenAmount: formatUnits(toAmount, toToken.decimals),
      quoteAt: Date.now(),
      loadingQuote: false,
      needsApproval: allowance !== undefined && allowance < amount,
      inputError: enough ? undefined : SWAP_ERRORS.INSUFFICIENT_BALANCE,
    })
  } catch (error) {
    if (!still()) return
    // AppKit's handleSwapError: a liquidity reason is named as such, another reason shown as it came,
    // and no reason at all reads as 'Insufficient balance'.
    const text = reasonOr(error, SWAP_ERRORS.INSUFFICIENT_BALANCE)
    patchSwap(store, { loadingQuote: false, toTokenAmount: '', toAmount: undefined, quoteAt: undefined, inputError: /insufficient liquidity/i.test(text) ? SWAP_ERRORS.INSUFFICIENT_LIQUIDITY : text })
  }
}

/** AppKit's price impact: input value less output value over input value, in percent (USD prices). */
export function priceImpact(s: SwapState): number | undefined {
  const inUsd = Number(s.sourceTokenAmount) * (s.sourceToken?.price ?? 0)
  const outUsd = Number(s.toTokenAmount) * (s.toToken?.price ?? 0)
  return inUsd > 0 && outUsd > 0 ? ((inUsd - outUsd) / inUsd) * 100 : undefined
}

/** The least the swap accepts: the quote less the slippage tolerance. */
export function minimumReceived(s: SwapState): bigint | undefined {
  return s.toAmount === undefined ? undefined : (s.toAmount * BigInt(100 - CONVERT_SLIPPAGE_TOLERANCE)) / 100n
}

/** The approve and router transactions the API builds for the form's pair (lazy code reaches the API only here). */
export const buildApproveTx = (store: Store, pair: { userAddress: string; from: string; to: string }) => buildApprove(api(store), pair)
export const buildSwapTx = (store: Store, q: { userAddress: string; from: string; to: string; amount: bigint }) => buildSwap(api(store), q)

/** AppKit's swap event properties. */
export function swapEventProperties(store: Store, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const s = swapStateFor(store).peek()
  return {
    network: store.network.activeCaipNetworkId.peek(),
    swapFromToken: s.sourceToken?.symbol ?? '',
    swapToToken: s.toToken?.symbol ?? '',
    swapFromAmount: s.sourceTokenAmount,
    swapToAmount: s.toTokenAmount,
    isSmartAccount: activeAccount(store).preferredAccountType === 'smartAccount',
    ...extra,
  }
}

export function emitSwapEvent(store: Store, event: string, extra?: Record<string, unknown>): void {
  emitEvent(store, event, swapEventProperties(store, extra))
}
