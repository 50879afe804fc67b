// AppKit Pay's calls to the API (its ApiUtil): JSON-RPC on {blockchainApiUrl}/v1/json-rpc, every
// answer checked before use.
import * as v from 'valibot'
import type { Exchange, ExchangeBuyStatus } from '../utils/pay-types'

export interface PayApi { baseUrl: string; projectId: string; sdkType?: string; sdkVersion?: string }

const ExchangeSchema = v.object({ id: v.string(), imageUrl: v.string(), name: v.string() })
const ExchangesSchema = v.object({ exchanges: v.array(ExchangeSchema), total: v.number() })
const PayUrlSchema = v.object({ url: v.pipe(v.string(), v.url(), v.regex(/^https?:/)), sessionId: v.pipe(v.string(), v.minLength(1)) })
const StatusSchema = v.object({ status: v.picklist(['UNKNOWN', 'IN_PROGRESS', 'SUCCESS', 'FAILED']), txHash: v.optional(v.string()) })
const Envelope = v.union([
  v.object({ result: v.unknown() }),
  v.object({ error: v.object({ message: v.string() }) }),
])

/** A JSON-RPC error the API answered with: its message is the API's reason. */
export class PayApiError extends Error {}

async function send<S extends v.GenericSchema>(api: PayApi, method: string, params: Record<string, unknown>, schema: S): Promise<v.InferOutput<S>> {
  const url = new URL('v1/json-rpc', api.baseUrl.replace(/\/?$/, '/'))
  url.searchParams.set('projectId', api.projectId)
  const response = await fetch(url.href, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, st: api.sdkType, sv: api.sdkVersion, projectId: api.projectId } }),
  })
  const json = v.safeParse(Envelope, await response.json().catch(() => undefined))
  if (!json.success) throw new PayApiError(`HTTP ${response.status}`)
  if ('error' in json.output) throw new PayApiError(json.output.error.message)
  return v.parse(schema, json.output.result)
}

export const getExchanges = (api: PayApi, params: { page: number; includeOnly?: string[]; exclude?: string[]; asset?: string; amount?: string }): Promise<{ exchanges: Exchange[]; total: number }> =>
  send(api, 'reown_getExchanges', params, ExchangesSchema)

export const getPayUrl = (api: PayApi, params: { exchangeId: string; asset: string; amount: string; recipient: string }) =>
  send(api, 'reown_getExchangePayUrl', params, PayUrlSchema)

export const getBuyStatus = (api: PayApi, params: { sessionId: string; exchangeId: string }): Promise<{ status: ExchangeBuyStatus; txHash?: string }> =>
  send(api, 'reown_getExchangeBuyStatus', params, StatusSchema)
