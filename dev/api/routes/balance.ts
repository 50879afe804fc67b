import * as v from 'valibot'
import type { Address } from 'viem'
import { balanceEntry } from '../assets.ts'
import { fixtures, nativeCurrency } from '../fixtures.ts'
import { solanaBalances } from '../chain/solana.ts'
import { HttpError, parse } from '../http.ts'
import type { Route } from '../router.ts'
import { AnyAddress, CaipNetworkId, isEvmAddress, SdkQuery, SOLANA_MAINNET } from '../schemas.ts'
import type { ServerState } from '../state.ts'

const Params = v.object({ address: AnyAddress })
const Query = v.object({
  ...SdkQuery,
  currency: v.optional(v.picklist(['usd'], 'must be usd'), 'usd'),
  chainId: v.optional(CaipNetworkId),
  forceUpdate: v.optional(v.string()),
})

type Entry = ReturnType<typeof balanceEntry>

async function evmBalances(state: ServerState, address: Address, chainId: string | undefined): Promise<Entry[]> {
  const chains = state.evm.filter((c) => !chainId || c.caip === chainId)
  const perChain = await Promise.all(
    chains.map(async (c) => {
      const { native, token } = await c.balances(address)
      const currency = nativeCurrency(c.chainId)
      return [
        balanceEntry(state, { ...currency, chainId: c.caip }, native),
        balanceEntry(state, { ...c.token, chainId: c.caip, address: `${c.caip}:${c.token.address}` }, token),
      ]
    }),
  )
  return perChain.flat()
}

async function solanaEntries(state: ServerState, rpcUrl: string, owner: string): Promise<Entry[]> {
  const { lamports, tokens } = await solanaBalances(rpcUrl, owner)
  const { native, tokens: known } = fixtures().networks.solana
  const entries = [balanceEntry(state, { ...native, chainId: SOLANA_MAINNET }, lamports)]
  for (const t of tokens) {
    // Mints outside the fixture are shown by a short form of their address and priced at 0.
    const meta = known[t.mint] ?? { name: `Token ${t.mint.slice(0, 4)}…${t.mint.slice(-4)}`, symbol: t.mint.slice(0, 4).toUpperCase() }
    entries.push(balanceEntry(state, { ...meta, decimals: t.decimals, chainId: SOLANA_MAINNET, address: `${SOLANA_MAINNET}:${t.mint}` }, t.amount))
  }
  return entries
}

export const balanceRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/account\/(?<address>[^/]+)\/balance$/,
    access: 'query',
    async handle({ state, params, query }) {
      const { address } = parse(Params, params, 'path')
      const { chainId } = parse(Query, query, 'query')
      let balances: Entry[] = []
      try {
        if (isEvmAddress(address)) {
          balances = await evmBalances(state, address, chainId)
        } else if (state.solanaRpcUrl && (!chainId || chainId === SOLANA_MAINNET)) {
          balances = await solanaEntries(state, state.solanaRpcUrl, address)
        }
      } catch (error) {
        throw new HttpError(502, `chain read failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
      }
      // Like the hosted API, only holdings are listed.
      return { json: { balances: balances.filter((b) => b.quantity.numeric !== '0') } }
    },
  },
]
