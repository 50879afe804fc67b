import * as v from 'valibot'

/** Where the blockchain API lives and who asks (SPEC section 7). */
export interface BlockchainApi {
  baseUrl: string
  projectId: string
}

const IdentitySchema = v.object({ name: v.nullish(v.string()), avatar: v.nullish(v.string()) })
const ReverseSchema = v.array(v.looseObject({ name: v.string() }))

async function getJson(api: BlockchainApi, path: string, query: Record<string, string | undefined>): Promise<unknown> {
  const url = new URL(path, api.baseUrl.replace(/\/?$/, '/'))
  for (const [key, value] of Object.entries({ ...query, projectId: api.projectId })) if (value !== undefined) url.searchParams.set(key, value)
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

const Decimal = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/))
const TokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  chainId: v.string(),
  address: v.optional(v.string()),
  value: v.optional(v.number()),
  price: v.optional(v.number()),
  quantity: v.object({ decimals: v.pipe(v.string(), v.regex(/^\d+$/)), numeric: Decimal }),
  iconUrl: v.optional(v.string()),
})
const BalancesSchema = v.object({ balances: v.array(TokenBalanceSchema) })

/** A holding as the balance endpoint reports it (SPEC section 3, token balance). */
export type ApiTokenBalance = v.InferOutput<typeof TokenBalanceSchema>

/**
 * Native and token holdings of an address (SPEC section 7), in USD. Entries with decimals "0"
 * are dropped (SPEC section 3). `forceUpdate` asks the service to skip its own cache.
 */
export async function getBalances(api: BlockchainApi, address: string, opts: { chainId?: string; forceUpdate?: string } = {}): Promise<ApiTokenBalance[]> {
  const json = await getJson(api, `v1/account/${encodeURIComponent(address)}/balance`, { currency: 'usd', chainId: opts.chainId, forceUpdate: opts.forceUpdate })
  return v.parse(BalancesSchema, json).balances.filter((b) => b.quantity.decimals !== '0')
}

const TransferSchema = v.object({
  fungible_info: v.optional(v.object({ name: v.optional(v.string()), symbol: v.optional(v.string()), icon: v.optional(v.object({ url: v.optional(v.string()) })) })),
  nft_info: v.optional(v.object({ flags: v.optional(v.object({ is_spam: v.optional(v.boolean()) })) })),
  direction: v.picklist(['in', 'out', 'self']),
  quantity: v.object({ numeric: Decimal }),
  value: v.optional(v.number()),
  price: v.optional(v.number()),
})
const HistoryItemSchema = v.object({
  id: v.string(),
  metadata: v.object({
    operationType: v.string(),
    hash: v.string(),
    minedAt: v.pipe(v.string(), v.isoTimestamp()),
    sentFrom: v.string(),
    sentTo: v.string(),
    status: v.string(),
    chain: v.string(),
  }),
  transfers: v.array(TransferSchema),
})
const HistorySchema = v.object({ data: v.array(HistoryItemSchema), next: v.nullish(v.string()) })

/** One transaction of an address's activity (SPEC section 3, transaction history item). */
export type HistoryItem = v.InferOutput<typeof HistoryItemSchema>

/** One page of an address's activity; `next` is the opaque cursor of the page after it. */
export async function getHistory(api: BlockchainApi, address: string, opts: { chainId?: string; cursor?: string } = {}): Promise<{ data: HistoryItem[]; next?: string }> {
  const parsed = v.parse(HistorySchema, await getJson(api, `v1/account/${encodeURIComponent(address)}/history`, { chainId: opts.chainId, cursor: opts.cursor }))
  return { data: parsed.data, next: parsed.next ?? undefined }
}
