// Paying through an exchange in the PayQuote view (AppKit's fetchTokensFromExchange and
// generateExchangeUrlForQuote): what the exchange sells as payment options, and for the quote of
// the one chosen, the exchange's pay URL for its deposit (to the recipient itself, or to the
// route's deposit address).
import type { Store } from '../../signals/store'
import { exchangeAssets } from '../../signals/pay-quote'
import { formatUnits } from '../../utils/units'
import type { PayBalance, PaymentAsset, PaymentAssetWithAmount, PayViewController, Quote } from '../../utils/pay-types'

/** AppKit's formatPaymentAssetToBalance: an asset the exchange sells, as a holding of 0. */
const asBalance = (a: PaymentAsset): PayBalance => ({
  chainId: a.network, address: `${a.network}:${a.asset}`, symbol: a.metadata.symbol, name: a.metadata.name, iconUrl: a.metadata.logoURI ?? '',
  quantity: { numeric: '0', decimals: String(a.metadata.decimals) },
})

/** The exchange's assets in the payment's namespace. */
export async function exchangeBalances(store: Store, exchangeId: string, namespace: string): Promise<PayBalance[]> {
  const assets = await exchangeAssets(store, exchangeId)
  return (assets[namespace] ?? []).map((a) => asBalance(a as PaymentAsset))
}

/** The pay URL for the quote's deposit, kept in the state (exchangeUrlForQuote, exchangeSessionId). */
export async function exchangeUrlForQuote(pay: PayViewController, exchangeId: string, source: PaymentAssetWithAmount, quote: Quote): Promise<void> {
  const step = quote.steps[0]
  if (step?.type !== 'deposit') throw new Error('The quote has no deposit for the exchange to pay')
  await pay.generateExchangeUrlForQuote({
    exchangeId,
    paymentAsset: source,
    amount: formatUnits(BigInt(step.deposit.amount), source.metadata.decimals),
    recipient: `${source.network}:${step.deposit.receiver}`,
  })
}
