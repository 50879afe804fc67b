import * as v from 'valibot'
import { tokenIconUrl } from '../assets.ts'
import { fixtures, nativeCurrency } from '../fixtures.ts'
import { parse } from '../http.ts'
import { checkProject, type Route } from '../router.ts'
import { priceTable } from '../prices.ts'
import { SdkQuery } from '../schemas.ts'
import { evmChainByCaip, solanaChain, type ServerState } from '../state.ts'
import { tokenOf } from '../tokens.ts'

/** The placeholder addresses wallets and swap APIs use for a chain's native currency. */
const EVM_NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const SOLANA_NATIVE = new Set(['So11111111111111111111111111111111111111111', 'So11111111111111111111111111111111111111112'])

const CaipAddress = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'must be CAIP-10 addresses (namespace:reference:address)'))

const PriceBody = v.object({
  projectId: v.optional(v.string()),
  currency: v.optional(v.picklist(['usd'], 'must be usd'), 'usd'),
  addresses: v.pipe(v.array(CaipAddress), v.minLength(1, 'must list at least one address'), v.maxLength(100, 'must list at most 100 addresses')),
})

/** Name and symbol of a CAIP-10 fungible this server knows; spam-flagged tokens are not priced. */
async function describe(state: ServerState, caipAddress: string): Promise<{ name: string; symbol: string } | undefined> {
  const [namespace, reference, address] = caipAddress.split(':') as [string, string, string]
  const network = `${namespace}:${reference}`
  if (namespace === 'eip155') {
    const chain = evmChainByCaip(state, network)
    if (!chain) return undefined
    if (address.toLowerCase() === EVM_NATIVE) return nativeCurrency(chain.chainId)
  } else if (state.solanaChainIds.includes(network)) {
    if (SOLANA_NATIVE.has(address)) return fixtures().networks.solana.native
  } else {
    return undefined
  }
  const token = await tokenOf(state.db, state.solanaChainIds.includes(network) ? state.solanaChainIds[0]! : network, address)
  return token && !token.spam ? token : undefined
}

export const chainRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/supported-chains$/,
    access: 'query',
    handle({ state, query }) {
      parse(v.object(SdkQuery), query, 'query')
      const solana = solanaChain(state)
      return { json: { http: [...state.evm.map((c) => c.caip as string), ...(solana ? [solana] : [])], ws: [] } }
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/fungible\/price$/,
    // The project id travels in the body here (the query is accepted too).
    access: 'handler',
    async handle({ state, body, query }) {
      const { addresses, projectId } = parse(PriceBody, body, 'body')
      checkProject(state, projectId ?? query['projectId'])
      const price = await priceTable(state.db)
      const described = await Promise.all(addresses.map((a) => describe(state, a)))
      const fungibles = described.flatMap((f) => (f ? [{ name: f.name, symbol: f.symbol, iconUrl: tokenIconUrl(state, f.symbol), price: price(f.symbol) }] : []))
      return { json: { fungibles } }
    },
  },
]
