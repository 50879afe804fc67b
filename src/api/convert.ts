import * as v from 'valibot'
import type { BlockchainApi } from './blockchain'
import { apiCall } from './request'

const Digits = v.pipe(v.string(), v.regex(/^\d{1,78}$/))
const CaipAddress = v.pipe(v.string(), v.regex(/^eip155:\d+:0x[0-9a-fA-F]{40}$/))
const Hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/))

const SwapTokenSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  address: CaipAddress,
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
  logoUri: v.optional(v.string()),
  /** USD; the reference server adds it, the hosted API leaves it out. */
  price: v.optional(v.number()),
})
export type SwapToken = v.InferOutput<typeof SwapTokenSchema>

const TokensSchema = v.object({ tokens: v.array(SwapTokenSchema) })
const QuotesSchema = v.object({ quotes: v.array(v.object({ fromAmount: Digits, toAmount: Digits })) })
const GasSchema = v.object({ standard: Digits, fast: v.optional(Digits), instant: v.optional(Digits) })
const AllowanceSchema = v.object({ allowance: Digits })
const Eip155Gas = v.object({ gas: v.union([Digits, v.number()]), gasPrice: Digits })
const ApproveSchema = v.object({ tx: v.object({ to: CaipAddress, data: Hex, value: v.optional(Digits), eip155: Eip155Gas }) })
const SwapTxSchema = v.object({
  tx: v.object({ to: CaipAddress, data: Hex, amount: Digits, eip155: Eip155Gas }),
  quote: v.optional(v.object({ toAmount: Digits, minToAmount: Digits })),
})

export interface SwapTx {
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gas: bigint
  /** What the router quoted when the transaction was built (reference server only). */
  toAmount?: bigint
}

const plain = (caip: string) => caip.split(':')[2] as `0x${string}`

export async function getSwapTokens(api: BlockchainApi, chainId: string): Promise<SwapToken[]> {
  return v.parse(TokensSchema, await apiCall(api, 'v1/convert/tokens', { query: { chainId } })).tokens
}

/** The router's output for `amount` (base units) of `from`, in base units of `to`. */
export async function getSwapQuote(api: BlockchainApi, q: { amount: bigint; userAddress: string; from: string; to: string; gasPrice?: bigint }): Promise<bigint> {
  const json = await apiCall(api, 'v1/convert/quotes', { query: { amount: String(q.amount), userAddress: q.userAddress, from: q.from, to: q.to, gasPrice: q.gasPrice === undefined ? undefined : String(q.gasPrice) } })
  const first = v.parse(QuotesSchema, json).quotes[0]
  if (!first) throw new Error('Incorrect amount')
  return BigInt(first.toAmount)
}

export async function getSwapGasPrice(api: BlockchainApi, chainId: string): Promise<bigint> {
  return BigInt(v.parse(GasSchema, await apiCall(api, 'v1/convert/gas-price', { query: { chainId } })).standard)
}

export async function getSwapAllowance(api: BlockchainApi, tokenAddress: string, userAddress: string): Promise<bigint> {
  return BigInt(v.parse(AllowanceSchema, await apiCall(api, 'v1/convert/allowance', { query: { tokenAddress, userAddress } })).allowance)
}

export async function buildApprove(api: BlockchainApi, q: { userAddress: string; from: string; to: string }): Promise<SwapTx> {
  const { tx } = v.parse(ApproveSchema, await apiCall(api, 'v1/convert/build-approve', { query: q }))
  return { to: plain(tx.to), data: tx.data as `0x${string}`, value: BigInt(tx.value ?? '0'), gas: BigInt(tx.eip155.gas) }
}

/** SPEC section 9: the shared swap slippage tolerance, in percent. */
export const CONVERT_SLIPPAGE_TOLERANCE = 1

export async function buildSwap(api: BlockchainApi, q: { amount: bigint; userAddress: string; from: string; to: string }): Promise<SwapTx> {
  const body = { amount: String(q.amount), eip155: { slippage: CONVERT_SLIPPAGE_TOLERANCE }, projectId: api.projectId, from: q.from, to: q.to, userAddress: q.userAddress, disableEstimate: true }
  const { tx, quote } = v.parse(SwapTxSchema, await apiCall(api, 'v1/convert/build-transaction', { body }))
  return { to: plain(tx.to), data: tx.data as `0x${string}`, value: BigInt(tx.amount), gas: BigInt(tx.eip155.gas), toAmount: quote ? BigInt(quote.toAmount) : undefined }
}
