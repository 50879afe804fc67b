import * as v from 'valibot'
import { Cursor, historyPage } from '../history.ts'
import { parse } from '../http.ts'
import { watchSolana } from '../indexer/solana.ts'
import type { Route } from '../router.ts'
import { AnyAddress, isEvmAddress, SdkQuery, ServedChainId } from '../schemas.ts'
import { servedChainIds } from '../state.ts'

const Params = v.object({ address: AnyAddress })

export const historyRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/account\/(?<address>[^/]+)\/history$/,
    access: 'query',
    async handle({ state, params, query }) {
      const { address } = parse(Params, params, 'path')
      const Query = v.object({
        ...SdkQuery,
        cursor: v.optional(Cursor),
        chainId: v.optional(ServedChainId(servedChainIds(state))),
        onramp: v.optional(v.string()),
      })
      const { cursor, chainId } = parse(Query, query, 'query')
      if (!isEvmAddress(address) && state.solanaRpcUrl) await watchSolana(state.db, address)
      // The leading server reads the newest blocks first; a failed read still serves what is stored.
      await state.indexer?.catchUp().catch(() => undefined)
      return { json: await historyPage(state, address, { chainId, cursor }) }
    },
  },
]
