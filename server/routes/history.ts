import * as v from 'valibot'
import { Cursor, historyPage } from '../history.ts'
import { chainReadFailed, parse } from '../http.ts'
import { watchSolana } from '../indexer/solana.ts'
import type { Route } from '../router.ts'
import { AnyAddress, isEvmAddress, SdkQuery, ServedChainId } from '../schemas.ts'
import { servedChainIds } from '../state.ts'
import { isBech32Address } from '../chain/bitcoin.ts'
import { BitcoinCursor, bitcoinHistoryPage } from '../bitcoin-history.ts'
import { bitcoinChainFor } from './balance.ts'
import { isTronAddress } from '../chain/tron.ts'
import { isTonAddress } from '../chain/ton.ts'
import { TronCursor, tronHistoryPage } from '../tron-history.ts'
import { TonCursor, tonHistoryPage } from '../ton-history.ts'
import { SuiCursor, suiHistoryPage } from '../sui-history.ts'
import { isSuiAddress } from '../sui-rpc.ts'

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
        // Read per chain below: TRON's cursor is the TRON API's position, Bitcoin's Esplora's last
        // seen txid, the others' a sort key.
        cursor: v.optional(v.pipe(v.string(), v.maxLength(6000, 'is not a cursor from this API'))),
        chainId: v.optional(ServedChainId(servedChainIds(state))),
        onramp: v.optional(v.string()),
      })
      const { cursor: cursorText, chainId } = parse(Query, query, 'query')
      // TRON is read live from the TRON API (TronGrid's v1 account history).
      if (state.tronApiUrl && isTronAddress(address) && (!chainId || state.tronChainIds.includes(chainId))) {
        const { cursor } = parse(v.object({ cursor: v.optional(TronCursor) }), { cursor: cursorText }, 'query')
        return { json: await tronHistoryPage(state, address, chainId ?? state.tronChainIds[0]!, cursor).catch(chainReadFailed) }
      }
      // TON is read live from the TON API (toncenter's getTransactions), as the balance is.
      if (state.tonApiUrl && isTonAddress(address) && (!chainId || state.tonChainIds.includes(chainId))) {
        const { cursor } = parse(v.object({ cursor: v.optional(TonCursor) }), { cursor: cursorText }, 'query')
        return { json: await tonHistoryPage(state, address, chainId ?? state.tonChainIds[0]!, cursor).catch(chainReadFailed) }
      }
      // Sui is read live from the network's full node (suix_queryTransactionBlocks), as the balance is.
      const suiChain = isSuiAddress(address) ? chainId ?? Object.keys(state.suiRpcUrls)[0] : undefined
      if (suiChain && state.suiRpcUrls[suiChain]) {
        const { cursor } = parse(v.object({ cursor: v.optional(SuiCursor(suiChain, address)) }), { cursor: cursorText }, 'query')
        return { json: await suiHistoryPage(state, address, suiChain, cursor).catch(chainReadFailed) }
      }
      // Bitcoin is read live from its Esplora API, as the balance is.
      const bitcoin = bitcoinChainFor(state, address, chainId)
      if (bitcoin) {
        const { cursor: after } = parse(v.object({ cursor: v.optional(BitcoinCursor) }), { cursor: cursorText }, 'query')
        return { json: await bitcoinHistoryPage(state, address, bitcoin, after).catch(chainReadFailed) }
      }
      const solana = !isEvmAddress(address) && !isBech32Address(address) && !isTonAddress(address) && !!state.solanaRpcUrl
      if (solana) await watchSolana(state.db, address)
      // The leading server reads the newest blocks first, of the address's own chains only (an EVM
      // page does not wait for the Solana ledger); a failed read still serves what is stored.
      await state.indexer?.catchUp(isEvmAddress(address) ? 'evm' : solana ? 'solana' : undefined).catch(() => undefined)
      const { cursor } = parse(v.object({ cursor: v.optional(Cursor) }), { cursor: cursorText }, 'query')
      return { json: await historyPage(state, address, { chainId, cursor }) }
    },
  },
]
