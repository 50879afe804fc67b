import { signal, type Signal } from '@preact/signals-core'
import { generateOnrampUrl, getOnrampOptions, getOnrampQuote, type OnrampQuote, type PaymentCurrency, type PurchaseCurrency } from '../api/onramp'
import { accountFor, activeAccount } from './account'
import { emitEvent } from './events'
import type { Store } from './store'

export type { OnrampQuote, PaymentCurrency, PurchaseCurrency } from '../api/onramp'

/** SPEC section 9: the namespaces the onramp serves. */
export const ONRAMP_NAMESPACES = ['eip155', 'solana']
/** SPEC section 9: regions where buying is not offered, by time zone (AppKit's list). */
export const RESTRICTED_TIMEZONES = ['ASIA/SHANGHAI', 'ASIA/URUMQI', 'ASIA/CHONGQING', 'ASIA/HARBIN', 'ASIA/KASHGAR', 'ASIA/MACAU', 'ASIA/HONG_KONG', 'ASIA/MACAO', 'ASIA/BEIJING']
/** SPEC section 9: Coinbase Pay's chain names; an unknown chain falls back to ethereum. */
const PAY_CHAINS: Record<number, string> = { 1: 'ethereum', 42161: 'arbitrum', 137: 'polygon', 80094: 'berachain', 43114: 'avalanche-c-chain', 10: 'optimism', 42220: 'celo', 8453: 'base' }

/** SPEC section 9: the providers, both at 1-2%. Meld's page is its public one, as AppKit's. */
export const ONRAMP_PROVIDERS = [
  { name: 'coinbase', label: 'Coinbase', feeRange: '1-2%', namespaces: ['eip155', 'solana'] },
  { name: 'meld', label: 'Meld.io', feeRange: '1-2%', namespaces: ['eip155', 'solana'], url: 'https://meldcrypto.com' },
] as const

/** SPEC section 8: the built-in sample options when the options call fails (AppKit's defaults). */
export const SAMPLE_OPTIONS: { paymentCurrencies: PaymentCurrency[]; purchaseCurrencies: PurchaseCurrency[] } = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] })),
  purchaseCurrencies: [{
    id: '2b92315d-eab7-5bef-84fa-089a131333f5', name: 'USD Coin', symbol: 'USDC',
    networks: [
      { name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      { name: 'polygon-mainnet', display_name: 'Polygon', chain_id: '137', contract_address: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174' },
    ],
  }],
}

export interface OnrampState {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrency?: PaymentCurrency
  purchaseCurrency?: PurchaseCurrency
  paymentAmount: string
  quote?: OnrampQuote
  quotesLoading: boolean
  /** The options came from the built-in sample (the call failed). */
  sample: boolean
  error?: string
}

const states = new WeakMap<Store, Signal<OnrampState>>()
export function onrampStateFor(store: Store): Signal<OnrampState> {
  let s = states.get(store)
  if (!s) states.set(store, (s = signal<OnrampState>({ paymentCurrencies: [], purchaseCurrencies: [], paymentAmount: '100', quotesLoading: false, sample: false })))
  return s
}
export function patchOnramp(store: Store, p: Partial<OnrampState>): void {
  const s = onrampStateFor(store)
  s.value = { ...s.peek(), ...p }
}
const api = (store: Store) => ({ baseUrl: store.options.blockchainApiUrl, projectId: store.options.projectId })
const isSmartAccount = (store: Store) => activeAccount(store).preferredAccountType === 'smartAccount'

/** Whether the visitor's time zone is one where buying is not offered. */
export function isRestrictedRegion(): boolean {
  try {
    return RESTRICTED_TIMEZONES.includes(Intl.DateTimeFormat().resolvedOptions().timeZone.toUpperCase())
  } catch {
    return false
  }
}

/** The active network's Coinbase Pay name (SPEC section 9: fallback ethereum; Solana's is solana). */
export const payChainOf = (store: Store) =>
  store.network.activeNamespace.peek() === 'solana' ? 'solana' : PAY_CHAINS[Number(store.network.activeNetwork.peek().id)] ?? 'ethereum'

/** Whether the currency is sold on the active network (Solana's entries are named solana). */
const onActiveNetwork = (store: Store, c: PurchaseCurrency) =>
  store.network.activeNamespace.peek() === 'solana' ? c.networks.some((n) => n.name === 'solana') : c.networks.some((n) => n.chain_id === String(store.network.activeNetwork.peek().id))

/** Options from the API; a failure falls back to the built-in sample (SPEC section 8). */
export async function loadOnrampOptions(store: Store): Promise<void> {
  let options = SAMPLE_OPTIONS
  let sample = true
  try {
    options = await getOnrampOptions(api(store))
    sample = false
  } catch {
    // the sample stands in
  }
  // The currencies sold on the active network; all of them when none is (the sample is EVM only).
  const here = options.purchaseCurrencies.filter((c) => onActiveNetwork(store, c))
  const purchaseCurrencies = here.length ? here : options.purchaseCurrencies
  const purchase = purchaseCurrencies.find((c) => c.symbol === 'USDC') ?? purchaseCurrencies[0]
  patchOnramp(store, { ...options, purchaseCurrencies, sample, paymentCurrency: options.paymentCurrencies[0], purchaseCurrency: purchase })
}

/** A quote for the form; a failure gives AppKit's mocked quote whose fees equal the amount (SPEC section 8). */
export async function fetchOnrampQuote(store: Store): Promise<void> {
  const s = onrampStateFor(store).peek()
  if (!s.paymentCurrency || !s.purchaseCurrency || !(Number(s.paymentAmount) > 0)) return patchOnramp(store, { quote: undefined })
  patchOnramp(store, { quotesLoading: true })
  const amount = s.paymentAmount
  const currency = s.paymentCurrency.id
  let quote: OnrampQuote
  try {
    quote = await getOnrampQuote(api(store), { purchaseCurrency: s.purchaseCurrency, paymentCurrency: s.paymentCurrency, amount, network: payChainOf(store) })
  } catch {
    const money = { amount, currency }
    quote = { networkFee: money, paymentSubtotal: money, paymentTotal: money, purchaseAmount: money, quoteId: 'mocked-quote-id' }
  }
  if (onrampStateFor(store).peek().paymentAmount === amount) patchOnramp(store, { quote, quotesLoading: false })
}

/** SELECT_BUY_PROVIDER, then the provider's page for this purchase (Coinbase: the API's URL). */
export async function providerUrl(store: Store, provider: (typeof ONRAMP_PROVIDERS)[number], redirectUrl?: string): Promise<string> {
  emitEvent(store, 'SELECT_BUY_PROVIDER', { provider: provider.name, isSmartAccount: isSmartAccount(store) })
  const namespace = store.network.activeNamespace.peek()
  const address = accountFor(store, namespace).address ?? ''
  const s = onrampStateFor(store).peek()
  const asset = s.purchaseCurrency?.symbol ?? (namespace === 'solana' ? 'SOL' : 'USDC')
  if (provider.name === 'meld') {
    const url = new URL(provider.url)
    url.searchParams.set('destinationCurrencyCode', asset)
    url.searchParams.set('walletAddress', address)
    url.searchParams.set('externalCustomerId', store.options.projectId)
    return url.href
  }
  return generateOnrampUrl(api(store), {
    destinationWallets: [{ address, blockchains: [payChainOf(store)], assets: [asset] }],
    partnerUserId: address,
    defaultNetwork: payChainOf(store),
    presetFiatAmount: Number(s.paymentAmount) || undefined,
    redirectUrl,
  })
}
