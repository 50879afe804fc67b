// The relayer's payout on the destination chain: the exact amount from the treasury's own, else
// bought on that chain's DEX for the recipient. A payout that is mined but reverts (out of gas, a
// recipient contract refusing it, a price that moved past the slippage) is signed again with fresh
// gas (twice the last attempt's limit, the network's price now) up to `payoutAttempts` times, each
// attempt recorded; after the last one reverts the quote fails and its deposits are refunded.
import { encodeFunctionData, erc20Abi, getAddress, type Address } from 'viem'
import { isNative, NATIVE_TOKEN, SWAP_GAS } from './chain/dex.ts'
import type { EvmChain } from './chain/evm.ts'
import { treasuryOf } from './onramp-sandbox.ts'
import { cheapestPath, swapData } from './pay-quote.ts'
import { marginGasPrice, openTxs, sendRecorded, treasurySigner, type RelayTxRow } from './pay-relay-tx.ts'
import type { RelayContext, RelayRow } from './pay-relay-work.ts'

/** Spent at most above the DEX's figure when the relayer buys the recipient's token (1 %). */
const BUY_SLIPPAGE_BPS = 100n
const TOKEN_GAS = 65_000n
const NATIVE_GAS = 21_000n
/** Payout attempts before a quote fails, unless configured (PAY_RELAY_PAYOUT_ATTEMPTS). */
export const PAYOUT_ATTEMPTS = 3

const balanceOf = (chain: EvmChain, token: string, owner: Address) => isNative(token)
  ? chain.client.getBalance({ address: owner })
  : chain.client.readContract({ address: getAddress(token), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** The payout's call: the exact amount from the treasury's own, else bought on the destination chain's DEX for the recipient. */
export async function payoutCall(b: EvmChain, r: RelayRow) {
  const to = getAddress(r.recipient)
  const amount = BigInt(r.amount_out)
  if (isNative(r.destination_currency)) return { to, value: amount, gas: NATIVE_GAS, amount }
  const token = getAddress(r.destination_currency)
  if ((await balanceOf(b, token, await treasuryOf(b))) >= amount) {
    return { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }), gas: TOKEN_GAS, amount }
  }
  const route = await cheapestPath(b, NATIVE_TOKEN, token, amount)
  if (!route) throw new Error(`no liquidity for ${token} on ${b.caip}`)
  const amountInMax = (route.amountIn * (10_000n + BUY_SLIPPAGE_BPS)) / 10_000n
  const data = swapData(NATIVE_TOKEN, token, { amountOut: amount, amountInMax, path: route.path, recipient: to, deadline: BigInt(Math.floor(Date.now() / 1000) + 600) })
  return { to: b.dex!.router, data, value: amountInMax, gas: SWAP_GAS, amount }
}

/** The quote's payout attempts that count (a dropped one was never mined). */
export const payoutsOf = (txs: RelayTxRow[]) => txs.filter((t) => t.kind === 'payout' && t.status !== 'dropped')

/**
 * Pays a claimed quote: a first payout, then a new attempt after each reverted one while attempts
 * are left. The outcome: the confirmed payout, 'failed' (every attempt reverted), or undefined
 * (still open: the next look settles it).
 */
export async function payOut(ctx: RelayContext, b: EvmChain, r: RelayRow): Promise<RelayTxRow | 'failed' | undefined> {
  const { db } = ctx.state
  const attempts = ctx.payoutAttempts ?? PAYOUT_ATTEMPTS
  for (;;) {
    const payouts = payoutsOf(await openTxs(db, r.request_id))
    const last = payouts.at(-1)
    if (last?.status === 'confirmed') return last
    if (last?.status === 'reverted' && payouts.length >= attempts) return 'failed'
    if (last && last.status !== 'reverted') return undefined
    const attempt = payouts.length + 1
    const call = await ctx.payoutCall(b, r)
    // Each retry with twice the gas of the one before, at the network's price now.
    let gas = call.gas * 2n ** BigInt(attempt - 1)
    if (ctx.payoutGas) gas = ctx.payoutGas(attempt, gas)
    // The first attempt's source is the quote (one live payout per quote); a retry's names its attempt.
    const source = attempt === 1 ? r.request_id : `${r.request_id}:${attempt}`
    const sent = await sendRecorded(db, b, await treasurySigner(b), { ...call, gas, gasPrice: await marginGasPrice(b) }, { requestId: r.request_id, kind: 'payout', source, amount: call.amount, beneficiary: getAddress(r.recipient) }, ctx.fault)
    if (sent === undefined) return undefined // another worker's attempt holds it
  }
}
