import type { ApiServer } from '../../server/index.ts'

/** GET one of an account's routes (`balance`, `history`) for project 'test'; the status and the JSON body. */
async function accountRoute(api: ApiServer, route: 'balance' | 'history', address: string, params: Record<string, string | undefined>) {
  const url = new URL(`/v1/account/${encodeURIComponent(address)}/${route}`, api.url)
  url.searchParams.set('projectId', 'test')
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v)
  const res = await fetch(url)
  return { status: res.status, body: (await res.json()) as any }
}

/** An address's balance in USD, on `chainId` when given. */
export const accountBalance = (api: ApiServer, address: string, chainId?: string) => accountRoute(api, 'balance', address, { currency: 'usd', chainId })

/** One page of an address's history. */
export const accountHistory = (api: ApiServer, address: string, params: Record<string, string> = {}) => accountRoute(api, 'history', address, params)
