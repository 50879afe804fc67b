// Transactions from a quote's deposit address: refunds to the senders of what the relayer was not
// owed, and the sweep of what it was owed into the treasury. The native coin goes less its own
// network fee; a token goes whole, with gas the treasury sends the address first, and the gas left
// over is returned to the treasury once the tokens are swept.
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from 'viem'
import { isNative } from './chain/dex.ts'
import type { EvmChain } from './chain/evm.ts'
import { treasuryOf } from './onramp-sandbox.ts'
import type { IncomingTransfer } from './pay-relay-deposits.ts'
import { holdUnattributed } from './pay-relay-unattributed.ts'
import { keySigner, marginGasPrice, openTxs, recordKept, sendRecorded, treasurySigner, type RelayTxKind } from './pay-relay-tx.ts'
import type { RelayContext, RelayRow } from './pay-relay-work.ts'

/** Gas of a native transfer, and at most of a token transfer, from a deposit address. */
const NATIVE_GAS = 21_000n
const TOKEN_GAS = 65_000n

/** The treasury sends a deposit address the gas a token transfer from it costs, once per purpose. */
async function fundGas(ctx: RelayContext, a: EvmChain, r: RelayRow, source: string): Promise<boolean> {
  const txs = await openTxs(ctx.state.db, r.request_id)
  const done = txs.find((x) => x.kind === 'gas' && x.source === `gas:${source}` && x.status !== 'dropped')
  if (done) return done.status === 'confirmed'
  const value = TOKEN_GAS * (await marginGasPrice(a))
  const status = await sendRecorded(ctx.state.db, a, await treasurySigner(a), { to: getAddress(r.deposit_address), value, gas: NATIVE_GAS }, { requestId: r.request_id, kind: 'gas', source: `gas:${source}`, amount: value, beneficiary: getAddress(r.deposit_address) }, ctx.fault)
  return status === 'confirmed'
}

interface Move { kind: RelayTxKind; source: string; to: Address; amount: bigint; native: boolean }

/** A transfer from the deposit address: the native coin less its own network fee, or a token with gas the treasury funds. */
async function sendFromDeposit(ctx: RelayContext, a: EvmChain, key: Hex, r: RelayRow, m: Move): Promise<void> {
  const signer = keySigner(key)
  const rec = { requestId: r.request_id, kind: m.kind, source: m.source, beneficiary: m.to }
  if (m.native) {
    // A plain transfer at a fixed gas price costs exactly its gas times that price: the fee taken off.
    const gasPrice = await a.client.getGasPrice()
    const value = m.amount - NATIVE_GAS * gasPrice
    if (value <= 0n) {
      // Less than its own fee: nothing can be sent back. A refund is recorded settled so it never holds up the quote.
      if (m.kind === 'refund') await recordKept(ctx.state.db, a, signer.address, { ...rec, amount: m.amount })
      return
    }
    await sendRecorded(ctx.state.db, a, signer, { to: m.to, value, gas: NATIVE_GAS, gasPrice }, { ...rec, amount: value }, ctx.fault)
    return
  }
  if (!(await fundGas(ctx, a, r, m.source))) return
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [m.to, m.amount] })
  await sendRecorded(ctx.state.db, a, signer, { to: getAddress(r.origin_currency), data, gas: TOKEN_GAS }, { ...rec, amount: m.amount }, ctx.fault)
}

export const refund = (ctx: RelayContext, a: EvmChain, key: Hex, r: RelayRow, t: IncomingTransfer, amount: bigint) =>
  sendFromDeposit(ctx, a, key, r, { kind: 'refund', source: t.source, to: t.from, amount, native: isNative(r.origin_currency) })

/**
 * Moves into the treasury what the deposit address held at `block`, the block its listing is
 * complete up to, when every transfer up to it is settled and every transaction of the quote was
 * mined by then: that balance is exactly what the relayer was owed. A deposit that lands after
 * the listing (even while the sweep is signed) is not in it, so it stays at the address, and the
 * next look lists it and refunds it; sweeping the balance now would take it into the treasury
 * unrefunded. A token quote's spare gas then goes back to the treasury too. The quote is marked
 * swept once nothing it was owed is left.
 */
export async function sweep(ctx: RelayContext, a: EvmChain, key: Hex, r: RelayRow, transfers: IncomingTransfer[], block: bigint): Promise<void> {
  await ctx.fault?.('sweep:listed', r.request_id)
  const address = getAddress(r.deposit_address)
  const native = isNative(r.origin_currency)
  let held = native
    ? await a.client.getBalance({ address, blockNumber: block })
    : await a.client.readContract({ address: getAddress(r.origin_currency), abi: erc20Abi, functionName: 'balanceOf', args: [address], blockNumber: block })
  // Coin no listed transfer brought is held, not swept (pay-relay-unattributed.ts).
  if (native) held -= await holdUnattributed(ctx, a, r, transfers, held)
  // One sweep per listing: a look replayed over the same listing moves nothing twice.
  const source = `${r.request_id}:${block}`
  if (held > 0n) await sendFromDeposit(ctx, a, key, r, { kind: 'sweep', source, to: await treasuryOf(a), amount: held, native })
  const swept = (await openTxs(ctx.state.db, r.request_id)).find((x) => x.kind === 'sweep' && x.source === source && x.status !== 'dropped')
  if (!(held === 0n || swept?.status === 'confirmed' || (native && !swept))) return
  if (!native) await returnGas(ctx, a, key, r, transfers)
  await ctx.state.db.query('UPDATE pay_relays SET swept_at = $2 WHERE request_id = $1 AND swept_at IS NULL', [r.request_id, Date.now()])
}

/** A token quote's deposit address sends the treasury's spare gas back, less its fee (native coin that came otherwise is held). */
async function returnGas(ctx: RelayContext, a: EvmChain, key: Hex, r: RelayRow, transfers: IncomingTransfer[]): Promise<void> {
  const address = getAddress(r.deposit_address)
  const block = await a.client.getBlockNumber({ cacheTime: 0 })
  const held = await a.client.getBalance({ address, blockNumber: block })
  const spare = held - (await holdUnattributed(ctx, a, r, transfers, held))
  if (spare > 0n) await sendFromDeposit(ctx, a, key, r, { kind: 'gas-return', source: `${r.request_id}:${block}`, to: await treasuryOf(a), amount: spare, native: true })
}
