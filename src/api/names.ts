import * as v from 'valibot'
import type { BlockchainApi } from './blockchain'
import { apiCall } from './request'

const NameRecord = v.looseObject({
  name: v.string(),
  registered_at: v.optional(v.string()),
  addresses: v.optional(v.record(v.string(), v.looseObject({ address: v.string() })), {}),
  attributes: v.optional(v.array(v.record(v.string(), v.string())), []),
})
export type NameRecord = v.InferOutput<typeof NameRecord>
const Suggestions = v.object({ suggestions: v.array(v.looseObject({ name: v.string(), registered: v.optional(v.boolean(), false) })) })

/** /v1/profile/account/{name}: the addresses and attributes a name points to. */
export async function lookupName(api: BlockchainApi, name: string): Promise<NameRecord> {
  return v.parse(NameRecord, await apiCall(api, `v1/profile/account/${encodeURIComponent(name)}`, { query: { apiVersion: '2' } }))
}

/** /v1/profile/suggestions/{name} in the fixed zone. */
export async function nameSuggestions(api: BlockchainApi, name: string, zone: string): Promise<{ name: string; registered: boolean }[]> {
  return v.parse(Suggestions, await apiCall(api, `v1/profile/suggestions/${encodeURIComponent(name)}`, { query: { zone } })).suggestions
}

/** /v1/profile/reverse/{address}: every name of an address, most recent first. */
export async function namesForAddress(api: BlockchainApi, address: string): Promise<NameRecord[]> {
  return v.parse(v.array(NameRecord), await apiCall(api, `v1/profile/reverse/${address}`, { query: { sender: address, apiVersion: '2' } }))
}

/** POST /v1/profile/account with the signed message. */
export async function registerName(api: BlockchainApi, body: { coinType: number; address: string; message: string; signature: string }): Promise<void> {
  await apiCall(api, 'v1/profile/account', { body: { coin_type: body.coinType, address: body.address, message: body.message, signature: body.signature } })
}
