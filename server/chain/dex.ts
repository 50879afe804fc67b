import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import type { EvmChain } from './evm.ts'

/** How the convert API names a chain's native currency (AppKit's NATIVE_TOKEN_ADDRESS.eip155). */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

// Gas the wallet is told when estimation is off: above what a two-hop V2 swap uses on anvil.
export const SWAP_GAS = 300_000n
export const APPROVE_GAS = 60_000n
/** How long a built swap stays valid on chain. */
const DEADLINE_S = 20 * 60

export const isNative = (address: string) => address.toLowerCase() === NATIVE_TOKEN

export interface Quote {
  amountOut: bigint
  path: Address[]
}

/**
 * The router's own quote (getAmountsOut) for the best of the direct pool and the route through
 * WETH; undefined when no pool has liquidity for the pair.
 */
export async function quote(chain: EvmChain, from: Address, to: Address, amountIn: bigint): Promise<Quote | undefined> {
  const dex = chain.dex
  if (!dex) return undefined
  const a = isNative(from) ? dex.weth : from
  const b = isNative(to) ? dex.weth : to
  if (a.toLowerCase() === b.toLowerCase()) return undefined
  const paths: Address[][] = [[a, b]]
  if (a.toLowerCase() !== dex.weth.toLowerCase() && b.toLowerCase() !== dex.weth.toLowerCase()) paths.push([a, dex.weth, b])
  const results = await Promise.all(
    paths.map(async (path) => {
      try {
        const amounts = await chain.client.readContract({ address: dex.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amountIn, path] })
        return { amountOut: amounts[amounts.length - 1] ?? 0n, path }
      } catch {
        return undefined // a missing or empty pool reverts
      }
    }),
  )
  const best = results.filter((r): r is Quote => !!r && r.amountOut > 0n).sort((x, y) => (y.amountOut > x.amountOut ? 1 : -1))[0]
  return best
}

/** The router call for an exact-input swap, with the least output the slippage allows. */
export function swapCall(chain: EvmChain, q: Quote, opts: { from: Address; to: Address; amountIn: bigint; slippagePercent: number; recipient: Address; now: number }) {
  const minOut = (q.amountOut * BigInt(Math.round((100 - opts.slippagePercent) * 100))) / 10_000n
  const deadline = BigInt(Math.floor(opts.now / 1000) + DEADLINE_S)
  const router = chain.dex!.router
  if (isNative(opts.from)) {
    const data = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [minOut, q.path, opts.recipient, deadline] })
    return { to: router, data, value: opts.amountIn, minOut }
  }
  const functionName = isNative(opts.to) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  const data = encodeFunctionData({ abi: ROUTER_ABI, functionName, args: [opts.amountIn, minOut, q.path, opts.recipient, deadline] })
  return { to: router, data, value: 0n, minOut }
}

/** What the router may spend of the owner's token; the native currency needs no approval. */
export async function allowance(chain: EvmChain, token: Address, owner: Address): Promise<bigint> {
  if (isNative(token)) return maxUint256
  const code = await chain.client.getCode({ address: token })
  if (!code || code === '0x') return 0n
  return chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, chain.dex!.router] })
}

export function approveData(chain: EvmChain, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.dex!.router, amount] })
}

/** Gas for a call, estimated by the node; a failed estimate falls back to the fixed figure. */
export async function estimate(chain: EvmChain, tx: { from: Address; to: Address; data: Hex; value: bigint }, fallback: bigint): Promise<bigint> {
  try {
    return ((await chain.client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value })) * 12n) / 10n
  } catch {
    return fallback
  }
}
