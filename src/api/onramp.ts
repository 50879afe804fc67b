import * as v from 'valibot'
import type { BlockchainApi } from './blockchain'
import { apiCall } from './request'

const Limit = v.object({ id: v.string(), min: v.string(), max: v.string() })
const PaymentCurrency = v.object({ id: v.string(), payment_method_limits: v.array(Limit) })
const Network = v.object({ name: v.string(), display_name: v.string(), chain_id: v.string(), contract_address: v.string() })
const PurchaseCurrency = v.object({ id: v.string(), name: v.string(), symbol: v.string(), networks: v.array(Network) })
const Options = v.object({ paymentCurrencies: v.array(PaymentCurrency), purchaseCurrencies: v.array(PurchaseCurrency) })
const Money = v.object({ amount: v.string(), currency: v.string() })
const Quote = v.object({ paymentTotal: Money, paymentSubtotal: Money, purchaseAmount: Money, networkFee: Money, coinbaseFee: v.optional(Money), quoteId: v.string() })

export type OnrampOptions = v.InferOutput<typeof Options>
export type PaymentCurrency = v.InferOutput<typeof PaymentCurrency>
export type PurchaseCurrency = v.InferOutput<typeof PurchaseCurrency>
export type OnrampQuote = v.InferOutput<typeof Quote>

export async function getOnrampOptions(api: BlockchainApi): Promise<OnrampOptions> {
  return v.parse(Options, await apiCall(api, 'v1/onramp/options'))
}

export async function getOnrampQuote(api: BlockchainApi, q: { purchaseCurrency: PurchaseCurrency; paymentCurrency: PaymentCurrency; amount: string; network: string }): Promise<OnrampQuote> {
  return v.parse(Quote, await apiCall(api, 'v1/onramp/quote', { body: q }))
}

/** POST /v1/generators/onrampurl: the provider page for this purchase. */
export async function generateOnrampUrl(api: BlockchainApi, body: {
  destinationWallets: { address: string; blockchains: string[]; assets: string[] }[]
  partnerUserId: string
  defaultNetwork?: string
  presetCryptoAmount?: number
  presetFiatAmount?: number
  redirectUrl?: string
}): Promise<string> {
  const json = await apiCall(api, 'v1/generators/onrampurl', { body: { ...body, defaultExperience: 'buy' } })
  return v.parse(v.object({ url: v.pipe(v.string(), v.url()) }), json).url
}
