import * as v from 'valibot'

/** Where the blockchain API lives and who asks (SPEC section 7). */
export interface BlockchainApi {
  baseUrl: string
  projectId: string
}

const IdentitySchema = v.object({ name: v.nullish(v.string()), avatar: v.nullish(v.string()) })
const ReverseSchema = v.array(v.looseObject({ name: v.string() }))

async function getJson(api: BlockchainApi, path: string, query: Record<string, string>): Promise<unknown> {
  const url = new URL(path, api.baseUrl.replace(/\/?$/, '/'))
  for (const [key, value] of Object.entries({ ...query, projectId: api.projectId })) url.searchParams.set(key, value)
  const response = await fetch(url.href)
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`)
  return response.json()
}

/** A name and avatar for an address; throws when the service cannot answer. */
export async function getIdentity(api: BlockchainApi, address: string): Promise<{ name?: string; avatar?: string }> {
  const parsed = v.parse(IdentitySchema, await getJson(api, `v1/identity/${address}`, { sender: address }))
  return { name: parsed.name ?? undefined, avatar: parsed.avatar ?? undefined }
}

/** The names registered to an address (reverse lookup), most relevant first. */
export async function reverseLookup(api: BlockchainApi, address: string): Promise<string | undefined> {
  const parsed = v.parse(ReverseSchema, await getJson(api, `v1/profile/reverse/${address}`, { sender: address, apiVersion: '2' }))
  return parsed[0]?.name
}
