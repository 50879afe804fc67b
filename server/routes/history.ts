import * as v from 'valibot'
import { Cursor, historyPage } from '../history.ts'
import { HttpError, parse } from '../http.ts'
import { watchSolana } from '../indexer/solana.ts'
import type { Route } from '../router.ts'
import { AnyAddress, isEvmAddress, SdkQuery, ServedChainId } from '../schemas.ts'
import { servedChainIds } from '../state.ts'
import { isBech32Address } from '../chain/bitcoin.ts'
import { BitcoinCursor, bitcoinHistoryPage } from '../bitcoin-history.ts'
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
        cursor: v.optional(v.string()),
        chainId: v.optional(ServedChainId(servedChainIds(state))),
        onramp: v.optional(v.string()),
      })
      const { chainId, cursor: text } = parse(Query, query, 'query')
      // Bitcoin is read live from its Esplora API, as the balance is; its cursor is Esplora's last seen txid.
      const bitcoin = bitcoinChainFor(state, address, chainId)
      if (bitcoin) {
        const { cursor: after } = parse(v.object({ cursor: v.optional(BitcoinCursor) }), { cursor: text }, 'query')
        return { json: await bitcoinHistoryPage(state, address, bitcoin, after).catch((error: unknown) => {
          throw new HttpError(502, `chain read failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
        }) }
      }
      if (!isEvmAddress(address) && !isBech32Address(address) && state.solanaRpcUrl) await watchSolana(state.db, address)
      // The leading server reads the newest blocks first; a failed read still serves what is stored.
      await state.indexer?.catchUp().catch(() => undefined)
      const { cursor } = parse(v.object({ cursor: v.optional(Cursor) }), { cursor: text }, 'query')
      return { json: await historyPage(state, address, { chainId, cursor }) }
    },
  },
]
