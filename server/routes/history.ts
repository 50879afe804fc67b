import * as v from 'valibot'
import { Cursor, historyPage } from '../history.ts'
import { HttpError, parse } from '../http.ts'
import { watchSolana } from '../indexer/solana.ts'
import type { Route } from '../router.ts'
import { AnyAddress, isEvmAddress, SdkQuery, ServedChainId } from '../schemas.ts'
import { servedChainIds } from '../state.ts'
import { isBech32Address } from '../chain/bitcoin.ts'
import { bitcoinHistoryPage } from '../bitcoin-history.ts'
import { bitcoinChainFor } from './balance.ts'

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
      // Bitcoin is read live from its Esplora API, as the balance is.
      const bitcoin = bitcoinChainFor(state, address, chainId)
      if (bitcoin) {
        return { json: await bitcoinHistoryPage(state, address, bitcoin).catch((error: unknown) => {
          throw new HttpError(502, `chain read failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
        }) }
      }
      if (!isEvmAddress(address) && !isBech32Address(address) && state.solanaRpcUrl) await watchSolana(state.db, address)
      // The leading server reads the newest blocks first; a failed read still serves what is stored.
      await state.indexer?.catchUp().catch(() => undefined)
      return { json: await historyPage(state, address, { chainId, cursor }) }
    },
  },
]
