import * as v from 'valibot'
import type { Address } from 'viem'
import { balanceEntry } from '../assets.ts'
import type { EvmChain } from '../chain/evm.ts'
import { solanaBalances } from '../chain/solana.ts'
import { isTronAddress, tronBalances } from '../chain/tron.ts'
import { bitcoinBalance, isBech32Address, isBitcoinAddress } from '../chain/bitcoin.ts'
import { isTonAddress, tonBalance } from '../chain/ton.ts'
import { suiHoldings } from '../sui-balance.ts'
import { isSuiAddress } from '../sui-rpc.ts'
import { fixtures, nativeCurrency } from '../fixtures.ts'
import { chainReadFailed, parse } from '../http.ts'
import { watchSolana } from '../indexer/solana.ts'
import { priceTable } from '../prices.ts'
import type { Route } from '../router.ts'
import { AnyAddress, isEvmAddress, SdkQuery, ServedChainId } from '../schemas.ts'
import { servedChainIds, solanaChain, type ChainHoldings, type ServerState } from '../state.ts'
import { tokensOf } from '../tokens.ts'

const Params = v.object({ address: AnyAddress })

type Entry = ReturnType<typeof balanceEntry>
type Price = (symbol: string) => number

/** Native and every non-spam token the database knows on each chain, from the shared read (balance-cache.ts). */
async function evmBalances(state: ServerState, price: Price, address: Address, chainId: string | undefined, fresh: boolean): Promise<Entry[]> {
  const chains = state.evm.filter((c) => !chainId || c.caip === chainId)
  const perChain = await Promise.all(chains.map((c) => state.balances.read(c.caip, address, () => readChain(state, c, address), { fresh })))
  return priced(state, price, perChain.flat())
}

const priced = (state: ServerState, price: Price, holdings: ChainHoldings): Entry[] =>
  holdings.map((h) => balanceEntry(state, h.fungible, h.amount, h.unpriced ? 0 : price(h.fungible.symbol)))

async function readChain(state: ServerState, c: EvmChain, address: Address): Promise<ChainHoldings> {
  const currency = nativeCurrency(c.chainId)
  const tokens = await tokensOf(state.db, c.caip, { spam: false })
  const [native, ...held] = await c.balancesOf(address, tokens.map((t) => t.address as Address))
  return [
    { fungible: { ...currency, chainId: c.caip }, amount: native },
    ...tokens.map((t, i) => ({ fungible: { name: t.name, symbol: t.symbol, decimals: t.decimals, chainId: c.caip, address: `${c.caip}:${checksumOf(c, t.address)}` }, amount: held[i]! })),
  ]
}

// Trusted tokens keep the spelling their operator gave; others are stored lower-case.
const checksumOf = (c: EvmChain, address: string) => c.trusted.find((t) => t.address.toLowerCase() === address)?.address ?? address

/**
 * SOL and the SPL tokens of `owner`, from the shared read (balance-cache.ts) as on EVM chains; the
 * indexer ends an entry when it stores a transaction of the address (server/indexer/solana.ts).
 * `read` is set when this request made the read rather than joined one.
 */
async function solanaEntries(state: ServerState, price: Price, rpcUrl: string, chain: string, owner: string, fresh: boolean, read: { made: boolean }): Promise<Entry[]> {
  const holdings = await state.balances.read(chain, owner, () => ((read.made = true), readSolana(state, rpcUrl, chain, owner)), { fresh })
  return priced(state, price, holdings)
}

async function readSolana(state: ServerState, rpcUrl: string, chain: string, owner: string): Promise<ChainHoldings> {
  const { lamports, tokens } = await solanaBalances(rpcUrl, owner)
  const { native } = fixtures().networks.solana
  const known = state.solanaMints
  return [
    { fungible: { ...native, chainId: chain }, amount: lamports },
    ...tokens.map((t) => {
      const meta = known[t.mint]
      // Mints outside the fixture are shown by a short form of their address and priced at 0.
      const shown = meta ?? { name: `Token ${t.mint.slice(0, 4)}…${t.mint.slice(-4)}`, symbol: t.mint.slice(0, 4).toUpperCase() }
      return { fungible: { ...shown, decimals: t.decimals, chainId: chain, address: `${chain}:${t.mint}` }, amount: t.amount, ...(meta ? {} : { unpriced: true as const }) }
    }),
  ]
}

/** TRX and the TRC-20 tokens the server knows, read from the TRON API. */
async function tronEntries(state: ServerState, price: Price, apiUrl: string, chain: string, owner: string): Promise<Entry[]> {
  const known = state.tronTokens
  const { sun, tokens } = await tronBalances(apiUrl, owner, Object.keys(known))
  return [
    balanceEntry(state, { name: 'TRON', symbol: 'TRX', decimals: 6, chainId: chain }, sun, price('TRX')),
    ...tokens.map((t) => balanceEntry(state, { ...known[t.address]!, decimals: t.decimals, chainId: chain, address: `${chain}:${t.address}` }, t.amount, price(known[t.address]!.symbol))),
  ]
}

/**
 * The Bitcoin network a balance asks about: the asked chain when the Esplora API serves it, else
 * the reported one for a bech32 address (a base58 one without a chain is Solana's, as before).
 */
export function bitcoinChainFor(state: ServerState, address: string, chainId: string | undefined): string | undefined {
  if (!state.bitcoinChainIds.length || !isBitcoinAddress(address)) return undefined
  if (chainId) return state.bitcoinChainIds.includes(chainId) ? chainId : undefined
  return isBech32Address(address) ? state.bitcoinChainIds[0] : undefined
}

export const balanceRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/account\/(?<address>[^/]+)\/balance$/,
    access: 'query',
    async handle({ state, params, query }) {
      const { address } = parse(Params, params, 'path')
      const Query = v.object({
        ...SdkQuery,
        currency: v.optional(v.picklist(['usd'], 'must be usd'), 'usd'),
        chainId: v.optional(ServedChainId(servedChainIds(state))),
        // Any value skips the shared read of the last moment (balance-cache.ts): the node is asked anew.
        forceUpdate: v.optional(v.pipe(v.string(), v.maxLength(200, 'is too long'))),
      })
      const { chainId, forceUpdate } = parse(Query, query, 'query')
      const fresh = forceUpdate !== undefined
      const price = await priceTable(state.db)
      const solana = solanaChain(state)
      const bitcoin = bitcoinChainFor(state, address, chainId)
      const solanaRead = { made: false }
      let balances: Entry[] = []
      try {
        if (isSuiAddress(address)) {
          // Sui is read live from the network's full node: SUI and every coin type held.
          const chain = chainId ?? Object.keys(state.suiRpcUrls)[0]
          if (chain && state.suiRpcUrls[chain]) balances = priced(state, price, await suiHoldings(state, chain, address, fresh))
        } else if (isEvmAddress(address)) {
          if (!chainId || chainId.startsWith('eip155:')) balances = await evmBalances(state, price, address, chainId, fresh)
        } else if (isTonAddress(address)) {
          // TON is read live from its toncenter API: Toncoin only (jettons are not read).
          const chain = chainId ?? state.tonChainIds[0]
          if (state.tonApiUrl && chain && state.tonChainIds.includes(chain)) {
            balances = [balanceEntry(state, { name: 'Toncoin', symbol: 'TON', decimals: 9, chainId: chain }, await tonBalance(state.tonApiUrl, address), price('TON'))]
          }
        } else if (state.tronApiUrl && isTronAddress(address)) {
          if (!chainId || state.tronChainIds.includes(chainId)) balances = await tronEntries(state, price, state.tronApiUrl, chainId ?? state.tronChainIds[0]!, address)
        } else if (bitcoin) {
          const sats = await bitcoinBalance(state.bitcoinEsploraUrls[bitcoin]!, address)
          balances = [balanceEntry(state, { name: 'Bitcoin', symbol: 'BTC', decimals: 8, chainId: bitcoin }, sats, price('BTC'))]
        } else if (!isBech32Address(address) && state.solanaRpcUrl && solana && (!chainId || state.solanaChainIds.includes(chainId))) {
          balances = await solanaEntries(state, price, state.solanaRpcUrl, solana, address, fresh, solanaRead)
        }
      } catch (error) {
        chainReadFailed(error)
      }
      // An address someone looks at is worth following for its history (and for ending its shared
      // read when it moves): marked once per read of the ledger, not on every request it serves.
      if (solanaRead.made) await watchSolana(state.db, address)
      // Like the hosted API, only holdings are listed.
      return { json: { balances: balances.filter((b) => b.quantity.numeric !== '0') } }
    },
  },
]
