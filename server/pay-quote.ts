// AppKit Pay's quotes (its transfers API, /appkit/v1/transfers/quote and /status): paying a
// recipient an exact amount of one token with another the payer holds, routed through the chain's
// Uniswap V2 router (an exact-output swap that delivers to the recipient). A quote is kept with
// its payer, recipient, amount and the exact call it asks the wallet to send; its status turns
// to success only when that call, from that payer, succeeded on chain and delivered the amount,
// and one transaction settles one quote.
import { randomBytes } from 'node:crypto'
import { encodeFunctionData, erc20Abi, getAddress, parseAbi, parseEventLogs, type Address, type Hex, type Log } from 'viem'
import { allowance, APPROVE_GAS, estimate, isNative, SWAP_GAS } from './chain/dex.ts'
import type { EvmChain } from './chain/evm.ts'
import type { Queryable } from './db/index.ts'
import { nativeCurrency } from './fixtures.ts'
import type { ServerState } from './state.ts'

const ROUTER_ABI = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
/** The most the payer may spend above the router's quote (0.5 %); the router refunds unspent native coin. */
const SLIPPAGE_BPS = 50n
/** How long a quote's call stays valid on chain (the router's deadline). */
const DEADLINE_S = 20 * 60
/** Blocks read per status check, so one check stays short. */
const SCAN_BLOCKS = 200n
/** The time the local chains take to settle a quote, as the quote tells the modal. */
const TIME_IN_SECONDS = 6

/** A bad request or a pair without a route: the message says why (AppKit shows it). */
export class QuoteError extends Error {}

export type QuoteStatus = 'waiting' | 'pending' | 'success' | 'failure' | 'refund' | 'timeout' | 'submitted'

export interface QuoteRequest {
  /** The payer; absent when an exchange pays (a route across chains only). */
  user?: Address
  originChainId: number
  originCurrency: Address
  destinationChainId: number
  destinationCurrency: Address
  recipient: Address
  amount: bigint
}

interface Currency { network: string; asset: string; metadata: { name: string; symbol: string; decimals: number } }

/** A currency the chain's DEX trades: its native coin or one of its tokens. */
export function currency(chain: EvmChain, address: Address, field: string): Currency {
  if (isNative(address)) return { network: chain.caip, asset: 'native', metadata: { ...nativeCurrency(chain.chainId) } }
  const token = chain.dex!.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
  if (!token) throw new QuoteError(`${field}: ${address} is not traded on ${chain.caip}`)
  return { network: chain.caip, asset: getAddress(token.address), metadata: { name: token.name, symbol: token.symbol, decimals: token.decimals } }
}

/** The cheapest path (direct, or through the wrapped native coin) that delivers amountOut; undefined without liquidity. */
export async function cheapestPath(chain: EvmChain, from: Address, to: Address, amountOut: bigint): Promise<{ path: Address[]; amountIn: bigint } | undefined> {
  const { weth, router } = chain.dex!
  const a = isNative(from) ? weth : from
  const b = isNative(to) ? weth : to
  const paths: Address[][] = [[a, b]]
  if (a.toLowerCase() !== weth.toLowerCase() && b.toLowerCase() !== weth.toLowerCase()) paths.push([a, weth, b])
  const found = await Promise.all(paths.map(async (path) => {
    try {
      const amounts = await chain.client.readContract({ address: router, abi: ROUTER_ABI, functionName: 'getAmountsIn', args: [amountOut, path] })
      return amounts[0]! > 0n ? { path, amountIn: amounts[0]! } : undefined
    } catch {
      return undefined // a missing pool, or one too shallow for the amount, reverts
    }
  }))
  return found.filter((f): f is { path: Address[]; amountIn: bigint } => !!f).sort((x, y) => (x.amountIn < y.amountIn ? -1 : 1))[0]
}

export function swapData(from: Address, to: Address, r: { amountOut: bigint; amountInMax: bigint; path: Address[]; recipient: Address; deadline: bigint }): Hex {
  if (isNative(from)) return encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapETHForExactTokens', args: [r.amountOut, r.path, r.recipient, r.deadline] })
  const functionName = isNative(to) ? 'swapTokensForExactETH' : 'swapTokensForExactTokens'
  return encodeFunctionData({ abi: ROUTER_ABI, functionName, args: [r.amountOut, r.amountInMax, r.path, r.recipient, r.deadline] })
}

/** A quote (AppKit's Quote shape) for paying `amount` of the destination currency to the recipient on the payer's chain. */
export async function createQuote(state: ServerState, projectId: string, q: QuoteRequest): Promise<Record<string, unknown>> {
  if (q.originChainId !== q.destinationChainId) throw new QuoteError('destinationChainId: a route across chains is the relayer\'s (pay-relay.ts)')
  if (!q.user) throw new QuoteError('user: is required for a swap on one chain')
  const chain = state.evm.find((c) => c.chainId === q.originChainId)
  if (!chain?.dex) throw new QuoteError(`originChainId: eip155:${q.originChainId} has no exchange to route through`)
  const origin = currency(chain, q.originCurrency, 'originCurrency')
  const destination = currency(chain, q.destinationCurrency, 'destinationCurrency')
  if (origin.asset === destination.asset) throw new QuoteError('destinationCurrency: is the origin currency (a direct transfer needs no quote)')
  const route = await cheapestPath(chain, q.originCurrency, q.destinationCurrency, q.amount)
  if (!route) throw new QuoteError(`No route pays ${destination.metadata.symbol} with ${origin.metadata.symbol}: not enough liquidity`)
  const amountInMax = (route.amountIn * (10_000n + SLIPPAGE_BPS)) / 10_000n + 1n
  const deadline = BigInt(Math.floor(Date.now() / 1000) + DEADLINE_S)
  const user = getAddress(q.user)
  const recipient = getAddress(q.recipient)
  const router = chain.dex.router
  const data = swapData(q.originCurrency, q.destinationCurrency, { amountOut: q.amount, amountInMax, path: route.path, recipient, deadline })
  const value = isNative(q.originCurrency) ? amountInMax : 0n
  const requestId = `0x${randomBytes(32).toString('hex')}`
  const chainId = chain.chainId
  const steps = []
  let gas = 0n
  if (!isNative(q.originCurrency) && (await allowance(chain, q.originCurrency, user)) < amountInMax) {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, amountInMax] })
    const approveGas = await estimate(chain, { from: user, to: q.originCurrency, data: approve, value: 0n }, APPROVE_GAS)
    gas += approveGas
    steps.push({ requestId, type: 'transaction', transaction: { from: user, to: getAddress(q.originCurrency), data: approve, value: '0', chainId, gas: String(approveGas) } })
  }
  // Before the approval the swap cannot be estimated: the fixed figure stands in.
  const swapGas = steps.length ? SWAP_GAS : await estimate(chain, { from: user, to: router, data, value }, SWAP_GAS)
  gas += swapGas
  steps.push({ requestId, type: 'transaction', transaction: { from: user, to: router, data, value: String(value), chainId, gas: String(swapGas) } })
  const gasPrice = await chain.client.getGasPrice()
  const latest = await chain.client.getBlockNumber({ cacheTime: 0 })
  await state.db.query(
    `INSERT INTO pay_quotes (request_id, project_id, chain_id, user_address, origin_currency, destination_currency, recipient, amount_out, amount_in_max, swap_to, swap_data, scanned_to, deadline, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [requestId, projectId, chainId, user.toLowerCase(), q.originCurrency.toLowerCase(), q.destinationCurrency.toLowerCase(), recipient.toLowerCase(), String(q.amount), String(amountInMax), router.toLowerCase(), data.toLowerCase(), String(latest), String(deadline), Date.now()],
  )
  const native = { network: chain.caip, asset: 'native', metadata: { ...nativeCurrency(chainId) } }
  return {
    origin: { amount: String(amountInMax), currency: origin },
    destination: { amount: String(q.amount), currency: destination },
    steps,
    fees: [
      { id: 'network', label: 'Network Fee', amount: String(gas * gasPrice), currency: native },
      { id: 'service', label: 'Service Fee', amount: '0', currency: destination },
    ],
    timeInSeconds: TIME_IN_SECONDS,
  }
}

interface QuoteRow {
  request_id: string
  project_id: string
  chain_id: number
  user_address: string
  destination_currency: string
  recipient: string
  amount_out: string
  swap_to: string
  swap_data: string
  scanned_to: string | number
  deadline: string | number
  status: QuoteStatus
}

async function quoteById(db: Queryable, requestId: string): Promise<QuoteRow | undefined> {
  const [row] = await db.query<QuoteRow & Record<string, unknown>>('SELECT * FROM pay_quotes WHERE request_id = $1', [requestId])
  return row
}

/** Whether the receipt delivered the quote's amount to its recipient (a token's Transfer log; the native coin by the call itself). */
function delivered(q: QuoteRow, logs: Log[]): boolean {
  if (isNative(q.destination_currency)) return true
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs }).some((l) =>
    l.address.toLowerCase() === q.destination_currency && l.args.to.toLowerCase() === q.recipient && l.args.value === BigInt(q.amount_out))
}

/** Ends a waiting quote once; false when it had ended, or when its transaction already settled another quote. */
async function settle(db: Queryable, requestId: string, status: QuoteStatus, txHash: string | null): Promise<boolean> {
  try {
    const rows = await db.query("UPDATE pay_quotes SET status = $2, tx_hash = $3 WHERE request_id = $1 AND status = 'waiting' RETURNING request_id", [requestId, status, txHash])
    return rows.length === 1
  } catch {
    return false // tx_hash is unique: a transaction that paid one quote never pays another
  }
}

/**
 * A quote's status: waiting until the payer's transaction carrying the quote's exact call is on
 * chain, then success (it delivered the amount) or failure (it reverted); timeout once its
 * deadline passed with none. Undefined for an unknown quote or another project's.
 */
export async function quoteStatus(state: ServerState, projectId: string, requestId: string): Promise<QuoteStatus | undefined> {
  const q = await quoteById(state.db, requestId)
  if (!q || q.project_id !== projectId) return undefined
  if (q.status !== 'waiting') return q.status
  const chain = state.evm.find((c) => c.chainId === q.chain_id)
  if (!chain) return 'waiting'
  const latest = await chain.client.getBlockNumber({ cacheTime: 0 })
  const from = BigInt(q.scanned_to) + 1n
  const to = latest < from + SCAN_BLOCKS ? latest : from + SCAN_BLOCKS - 1n
  let lastTime = 0n
  for (let n = from; n <= to; n++) {
    const block = await chain.client.getBlock({ blockNumber: n, includeTransactions: true })
    lastTime = block.timestamp
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== q.user_address || tx.to?.toLowerCase() !== q.swap_to || tx.input.toLowerCase() !== q.swap_data) continue
      const receipt = await chain.client.getTransactionReceipt({ hash: tx.hash })
      const paid = receipt.status === 'success' && delivered(q, receipt.logs)
      if (await settle(state.db, requestId, paid ? 'success' : 'failure', tx.hash)) return paid ? 'success' : 'failure'
    }
  }
  if (to >= from) await state.db.query("UPDATE pay_quotes SET scanned_to = $2 WHERE request_id = $1 AND status = 'waiting'", [requestId, String(to)])
  if (to === latest && lastTime > BigInt(q.deadline) && (await settle(state.db, requestId, 'timeout', null))) return 'timeout'
  return 'waiting'
}
