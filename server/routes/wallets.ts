import * as v from 'valibot'
import { queryWallets } from '../catalogue.ts'
import { parse } from '../http.ts'
import type { Route } from '../router.ts'
import { CaipNetworkId, CommaList, IntString, SdkQuery } from '../schemas.ts'

const WalletId = v.pipe(v.string(), v.regex(/^[0-9a-zA-Z_-]{1,128}$/, 'must be a wallet id'))

const GetWalletsQuery = v.object({
  ...SdkQuery,
  page: v.optional(IntString(1, 100_000), '1'),
  entries: v.optional(IntString(1, 100)),
  include: v.optional(CommaList(WalletId)),
  exclude: v.optional(CommaList(WalletId)),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'must be at most 100 characters'))),
  badge_type: v.optional(v.picklist(['none', 'certified'], 'must be none or certified')),
  chains: v.optional(CommaList(CaipNetworkId)),
})

// A search answers with up to 100 results; a plain listing defaults to the modal's page of 40.
const DEFAULT_ENTRIES = 40
const SEARCH_ENTRIES = 100

export const walletRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/getWallets$/,
    access: 'query',
    handle({ query }) {
      const q = parse(GetWalletsQuery, query, 'query')
      const search = q.search?.trim() || undefined
      const entries = q.entries ?? (search ? SEARCH_ENTRIES : DEFAULT_ENTRIES)
      return { json: queryWallets({ ...q, search, entries }) }
    },
  },
]
