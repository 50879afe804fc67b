// AppKit Pay's quote API (its ApiUtil getTransfersQuote and getQuoteStatus) on the provider API's
// origin: every answer checked before the modal shows it or a wallet is asked to sign it.
import * as v from 'valibot'
import { SDK_TYPE, SDK_VERSION } from './provider'
import type { Quote, QuoteStatus } from '../utils/pay-types'

export interface TransfersApi { baseUrl: string; projectId: string }

const BaseUnits = v.pipe(v.string(), v.regex(/^\d{1,78}$/))
const EvmAddress = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
const Currency = v.object({
  network: v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
  asset: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  metadata: v.object({ name: v.string(), symbol: v.string(), decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)), logoURI: v.optional(v.string()) }),
})
const Amount = v.object({ amount: BaseUnits, currency: Currency })
const Step = v.variant('type', [
  v.object({ requestId: v.string(), type: v.literal('deposit'), deposit: v.object({ amount: BaseUnits, currency: v.string(), receiver: v.string() }) }),
  v.object({
    requestId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    type: v.literal('transaction'),
    transaction: v.object({ from: EvmAddress, to: EvmAddress, data: v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/)), value: BaseUnits, chainId: v.optional(v.number()), gas: v.optional(BaseUnits) }),
  }),
])
const QuoteSchema = v.object({
  type: v.optional(v.literal('direct-transfer')),
  origin: Amount,
  destination: Amount,
  steps: v.pipe(v.array(Step), v.minLength(1)),
  fees: v.array(v.object({ id: v.string(), label: v.string(), amount: BaseUnits, currency: Currency })),
  timeInSeconds: v.number(),
})
const ExchangeAssetsSchema = v.object({ exchangeId: v.string(), assets: v.record(v.string(), v.pipe(v.array(Currency), v.maxLength(200))) })
const StatusSchema = v.object({ status: v.picklist(['waiting', 'pending', 'success', 'failure', 'refund', 'timeout', 'submitted']) })

/** The API refused: its `error`, when it gave one, is the reason the view shows. */
export class QuoteApiError extends Error {
  constructor(readonly reason: string | undefined) {
    super(reason ?? 'The quote API refused the request')
  }
}

function endpoint(api: TransfersApi, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, api.baseUrl.replace(/\/?$/, '/'))
  for (const [key, value] of Object.entries({ ...query, projectId: api.projectId, st: SDK_TYPE, sv: SDK_VERSION })) url.searchParams.set(key, value)
  return url.href
}

async function answer<S extends v.GenericSchema>(response: Response, schema: S): Promise<v.InferOutput<S>> {
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = (json as { error?: unknown } | undefined)?.error
    throw new QuoteApiError(typeof error === 'string' ? error.slice(0, 300) : undefined)
  }
  return v.parse(schema, json)
}

export interface TransfersQuoteBody {
  /** The payer; absent when an exchange pays the route's deposit. */
  user?: string
  originChainId: string
  originCurrency: string
  destinationChainId: string
  destinationCurrency: string
  recipient: string
  amount: string
}

export async function getTransfersQuote(api: TransfersApi, body: TransfersQuoteBody): Promise<Quote> {
  const response = await fetch(endpoint(api, 'appkit/v1/transfers/quote'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return (await answer(response, QuoteSchema)) as Quote
}

export async function getQuoteStatus(api: TransfersApi, requestId: string): Promise<QuoteStatus> {
  return (await answer(await fetch(endpoint(api, 'appkit/v1/transfers/status', { requestId })), StatusSchema)).status
}

/** What an exchange sells (AppKit's getAssetsForExchange), per namespace. */
export async function getAssetsForExchange(api: TransfersApi, exchangeId: string): Promise<v.InferOutput<typeof ExchangeAssetsSchema>['assets']> {
  const answered = await answer(await fetch(endpoint(api, `appkit/v1/transfers/assets/exchanges/${encodeURIComponent(exchangeId)}`)), ExchangeAssetsSchema)
  if (answered.exchangeId !== exchangeId) throw new QuoteApiError('The assets are for another exchange')
  return answered.assets
}
