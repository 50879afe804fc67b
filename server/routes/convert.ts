import * as v from 'valibot'
import { getAddress, maxUint256, type Address } from 'viem'
import { tokenIconUrl } from '../assets.ts'
import { allowance, APPROVE_GAS, approveData, estimate, isNative, NATIVE_TOKEN, quote, swapCall, SWAP_GAS } from '../chain/dex.ts'
import type { EvmChain } from '../chain/evm.ts'
import { nativeCurrency } from '../fixtures.ts'
import { HttpError, parse } from '../http.ts'
import { reasons } from '../reasons.ts'
import { priceTable } from '../prices.ts'
import { checkProject, type Route } from '../router.ts'
import { CaipNetworkId, SdkQuery } from '../schemas.ts'
import type { ServerState } from '../state.ts'

/** eip155:{chainId}:0x{40 hex}, as the convert API names tokens and accounts. */
const CaipAddress = v.pipe(
  v.string(),
  v.regex(/^eip155:\d{1,12}:0x[0-9a-fA-F]{40}$/, 'must be a CAIP-10 EVM address (eip155:{chainId}:0x + 40 hex digits)'),
  v.transform((s) => {
    const [, chainId, address] = s.split(':') as [string, string, Address]
    return { caip: `eip155:${chainId}`, address: address.toLowerCase() as Address }
  }),
)
const BaseUnits = v.pipe(
  v.string(),
  v.regex(/^\d{1,78}$/, 'must be an integer amount in base units'),
  v.transform((s: string) => BigInt(s)),
  v.check((n: bigint) => n > 0n && n <= maxUint256, 'must be above 0 and fit 256 bits'),
)
const GasPrice = v.optional(v.pipe(v.string(), v.regex(/^\d{0,78}$/, 'must be an integer in wei')))

const UNSUPPORTED = 'Network not supported for Swaps'

/** The chain of the given CAIP-2 id when it has a DEX; else a 400 the client shows. */
function dexChain(state: ServerState, caip: string, message = UNSUPPORTED): EvmChain {
  const chain = state.evm.find((c) => c.caip === caip)
  if (!chain?.dex) throw new HttpError(400, message)
  return chain
}

/** From, to and user must all name the same chain. */
function sameChain(...ids: { caip: string }[]): string {
  const caip = ids[0]!.caip
  if (ids.some((i) => i.caip !== caip)) throw new HttpError(400, 'from, to and userAddress must be on one chain')
  return caip
}

const caip10 = (caip: string, address: string) => `${caip}:${isNative(address) ? NATIVE_TOKEN : getAddress(address)}`
const Body = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {})

export const convertRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/convert\/tokens$/,
    access: 'query',
    async handle({ state, query }) {
      const { chainId } = parse(v.object({ ...SdkQuery, chainId: CaipNetworkId }), query, 'query')
      const chain = state.evm.find((c) => c.caip === chainId)
      if (!chain?.dex) return { json: { tokens: [] } }
      const price = await priceTable(state.db)
      const native = nativeCurrency(chain.chainId)
      // price is an addition to the hosted shape: the modal's price impact needs USD prices.
      const tokens = [{ ...native, address: NATIVE_TOKEN }, ...chain.dex.tokens].map((t) => ({
        name: t.name,
        symbol: t.symbol,
        address: caip10(chain.caip, t.address),
        decimals: t.decimals,
        logoUri: tokenIconUrl(state, t.symbol),
        price: price(t.symbol),
      }))
      return { json: { tokens } }
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/convert\/quotes$/,
    access: 'query',
    async handle({ state, query }) {
      const q = parse(v.object({ ...SdkQuery, amount: BaseUnits, userAddress: CaipAddress, from: CaipAddress, to: CaipAddress, gasPrice: GasPrice }), query, 'query')
      const chain = dexChain(state, sameChain(q.from, q.to, q.userAddress))
      if (q.from.address === q.to.address) throw new HttpError(400, 'from and to must be different tokens')
      const found = await quote(chain, q.from.address, q.to.address, q.amount)
      if (!found) return reasons(400, 'Swap failed: insufficient liquidity for this pair', 'insufficient_liquidity')
      const from = caip10(chain.caip, q.from.address)
      const to = caip10(chain.caip, q.to.address)
      return { json: { quotes: [{ id: null, fromAmount: String(q.amount), fromAccount: from, toAmount: String(found.amountOut), toAccount: to }] } }
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/convert\/gas-price$/,
    access: 'query',
    async handle({ state, query }) {
      const { chainId } = parse(v.object({ ...SdkQuery, chainId: CaipNetworkId }), query, 'query')
      const chain = dexChain(state, chainId, 'Network not supported for Gas Price')
      const base = await chain.client.getGasPrice()
      // Faster tiers bid more above the node's price, as the hosted API's tiers do.
      return { json: { standard: String(base), fast: String((base * 12n) / 10n), instant: String((base * 15n) / 10n) } }
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/convert\/allowance$/,
    access: 'query',
    async handle({ state, query }) {
      const q = parse(v.object({ ...SdkQuery, tokenAddress: CaipAddress, userAddress: CaipAddress }), query, 'query')
      const chain = dexChain(state, sameChain(q.tokenAddress, q.userAddress))
      return { json: { allowance: String(await allowance(chain, q.tokenAddress.address, q.userAddress.address)) } }
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/convert\/build-approve$/,
    access: 'query',
    async handle({ state, query }) {
      const q = parse(v.object({ ...SdkQuery, userAddress: CaipAddress, from: CaipAddress, to: CaipAddress, amount: v.optional(BaseUnits) }), query, 'query')
      const chain = dexChain(state, sameChain(q.from, q.to, q.userAddress))
      if (isNative(q.from.address)) throw new HttpError(400, 'from: the native currency needs no approval')
      const data = approveData(chain, q.amount ?? maxUint256)
      const user = getAddress(q.userAddress.address)
      const gas = await estimate(chain, { from: user, to: q.from.address, data, value: 0n }, APPROVE_GAS)
      const gasPrice = await chain.client.getGasPrice()
      return { json: { tx: { from: caip10(chain.caip, user), to: caip10(chain.caip, q.from.address), data, value: '0', eip155: { gas: Number(gas), gasPrice: String(gasPrice) } } } }
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/convert\/build-transaction$/,
    access: 'handler',
    async handle({ state, body }) {
      checkProject(state, typeof Body(body)['projectId'] === 'string' ? (Body(body)['projectId'] as string) : undefined)
      const Slippage = v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,2}(\.\d{1,2})?$/), v.transform(Number))], 'must be a percentage'), v.minValue(0, 'must be at least 0'), v.maxValue(50, 'must be at most 50'))
      const b = parse(
        v.object({
          projectId: v.string(),
          amount: BaseUnits,
          from: CaipAddress,
          to: CaipAddress,
          userAddress: CaipAddress,
          eip155: v.optional(v.object({ slippage: Slippage, permit: v.optional(v.string()) })),
          disableEstimate: v.optional(v.boolean()),
        }),
        body,
        'body',
      )
      const chain = dexChain(state, sameChain(b.from, b.to, b.userAddress))
      if (b.from.address === b.to.address) throw new HttpError(400, 'from and to must be different tokens')
      const found = await quote(chain, b.from.address, b.to.address, b.amount)
      if (!found) return reasons(400, 'Swap failed: insufficient liquidity for this pair', 'insufficient_liquidity')
      const user = getAddress(b.userAddress.address)
      const call = swapCall(chain, found, { from: b.from.address, to: b.to.address, amountIn: b.amount, slippagePercent: b.eip155?.slippage ?? 1, recipient: user, now: Date.now() })
      const gas = b.disableEstimate ? SWAP_GAS : await estimate(chain, { from: user, ...call }, SWAP_GAS)
      const gasPrice = await chain.client.getGasPrice()
      return {
        json: {
          tx: { from: caip10(chain.caip, user), to: caip10(chain.caip, call.to), data: call.data, amount: String(call.value), eip155: { gas: String(gas), gasPrice: String(gasPrice) } },
          // Additions to the hosted shape: what the router quoted and the least the swap accepts.
          quote: { toAmount: String(found.amountOut), minToAmount: String(call.minOut) },
        },
      }
    },
  },
]
