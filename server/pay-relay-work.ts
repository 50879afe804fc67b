// One look at a relayed quote, by whichever server takes its lease (one at a time; a lease left by
// a server that died lapses): first the outcome of every transaction recorded for it (found on
// chain, or the same bytes broadcast again); then, while waiting, whether its deposit came in time
// (the payout is claimed) or its deadline passed (timeout); a claimed quote without a live payout
// gets one; then every incoming transfer not spent on the payout goes back to its sender, once;
// and a quote whose refunds are all settled has what is left swept into the treasury.
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from 'viem'
import { isNative } from './chain/dex.ts'
import type { EvmChain } from './chain/evm.ts'
import type { Queryable } from './db/index.ts'
import { treasuryOf } from './onramp-sandbox.ts'
import { incomingTransfers, type IncomingTransfer } from './pay-relay-deposits.ts'
import { openDepositKey } from './pay-relay-key.ts'
import { keySigner, marginGasPrice, openTxs, recordKept, sendRecorded, settleTx, treasurySigner, type RelayFault, type RelayTxKind, type RelayTxRow } from './pay-relay-tx.ts'
import type { ServerState } from './state.ts'

/** How long after its quote a late deposit is still noticed and refunded. */
export const LATE_DEPOSIT_WATCH_MS = 7 * 24 * 3_600_000
/** How long one server keeps a quote to itself while it works on it. */
const LEASE_MS = 60_000
/** Gas of a native transfer, and at most of a token transfer, from a deposit address. */
const NATIVE_GAS = 21_000n
const TOKEN_GAS = 65_000n

export interface RelayRow {
  request_id: string
  project_id: string
  origin_chain_id: number
  origin_currency: string
  deposit_amount: string
  deposit_address: string
  deposit_key: string
  destination_chain_id: number
  destination_currency: string
  recipient: string
  amount_out: string
  deadline: string | number
  origin_block: string | number
  swept_at: string | number | null
  created_at: string | number
  status: string
}

export interface RelayContext {
  state: ServerState
  sealKey: Buffer
  /** The payout's call on the destination chain (pay-relay.ts). */
  payoutCall(b: EvmChain, r: RelayRow): Promise<{ to: Address; data?: Hex; value?: bigint; gas: bigint; amount: bigint }>
  fault?: RelayFault
}

/** Now in seconds, as late as the wall clock or the chain's latest block says (a development chain's clock may run ahead). */
export const chainNow = (latestBlockTime: bigint) => Math.max(Math.floor(Date.now() / 1000), Number(latestBlockTime))

export const relayById = async (db: Queryable, requestId: string) =>
  (await db.query<RelayRow & Record<string, unknown>>('SELECT * FROM pay_relays WHERE request_id = $1', [requestId]))[0]

const move = (db: Queryable, requestId: string, from: string, to: string, txHash: string | null = null) =>
  db.query('UPDATE pay_relays SET status = $3, tx_hash = COALESCE($4, tx_hash) WHERE request_id = $1 AND status = $2', [requestId, from, to, txHash])

/** Works on the quote if no other server is; false when another holds it. */
export async function workOnRelay(ctx: RelayContext, requestId: string): Promise<boolean> {
  const { db } = ctx.state
  const now = Date.now()
  const mine = now + LEASE_MS
  const [r] = await db.query<RelayRow & Record<string, unknown>>('UPDATE pay_relays SET lease_until = $2 WHERE request_id = $1 AND lease_until < $3 RETURNING *', [requestId, mine, now])
  if (!r) return false
  try {
    await step(ctx, r)
  } finally {
    // Released only while still ours: a look that outlived its lease leaves another server's lease alone.
    // A released lease ends now, which records when the quote was last looked at (the job looks at the longest unseen first).
    await db.query('UPDATE pay_relays SET lease_until = $3 WHERE request_id = $1 AND lease_until = $2', [requestId, mine, Date.now()])
  }
  return true
}

async function step(ctx: RelayContext, r: RelayRow): Promise<void> {
  const { state, fault } = ctx
  const a = state.evm.find((c) => c.chainId === r.origin_chain_id)
  const b = state.evm.find((c) => c.chainId === r.destination_chain_id)
  if (!a || !b) return
  const chainOf = (row: RelayTxRow) => (row.chain_id === a.chainId ? a : b)
  for (const row of await openTxs(state.db, r.request_id)) await settleTx(state.db, chainOf(row), row, fault)
  const transfers = await incomingTransfers(a, r.origin_currency, getAddress(r.deposit_address), BigInt(r.origin_block))
  const deposit = BigInt(r.deposit_amount)
  if (r.status === 'waiting') {
    const onTime = transfers.filter((t) => t.time <= Number(r.deadline)).reduce((sum, t) => sum + t.amount, 0n)
    if (onTime >= deposit) await move(state.db, r.request_id, 'waiting', 'pending')
    else if (chainNow((await a.client.getBlock({ blockTag: 'latest' })).timestamp) > Number(r.deadline)) await move(state.db, r.request_id, 'waiting', 'timeout')
  }
  let txs = await openTxs(state.db, r.request_id)
  let status = (await relayById(state.db, r.request_id))!.status
  if (status === 'pending') {
    let payout = txs.find((t) => t.kind === 'payout' && t.status !== 'dropped')
    if (!payout) {
      const call = await ctx.payoutCall(b, r)
      await sendRecorded(state.db, b, await treasurySigner(b), { ...call, gasPrice: await marginGasPrice(b) }, { requestId: r.request_id, kind: 'payout', source: r.request_id, amount: call.amount, beneficiary: getAddress(r.recipient) }, fault)
      txs = await openTxs(state.db, r.request_id)
      payout = txs.find((t) => t.kind === 'payout' && t.status !== 'dropped')
    }
    if (payout?.status === 'confirmed') await move(state.db, r.request_id, 'pending', 'success', payout.tx_hash)
    if (payout?.status === 'reverted') await move(state.db, r.request_id, 'pending', 'failure')
    status = (await relayById(state.db, r.request_id))!.status
  }
  // A refunded quote still returns what comes to it late.
  if (!['success', 'failure', 'timeout', 'refunded'].includes(status)) return
  // The payout spent the deposit from the first transfers in time; everything else is refunded.
  let spent = status === 'success' ? deposit : 0n
  const key = openDepositKey(ctx.sealKey, r.request_id, r.deposit_key)
  for (const t of transfers) {
    const take = t.time <= Number(r.deadline) && spent > 0n ? (spent < t.amount ? spent : t.amount) : 0n
    spent -= take
    if (t.amount - take > 0n && !txs.some((x) => x.kind === 'refund' && x.source === t.source && x.status !== 'dropped')) {
      await refund(ctx, a, key, r, t, t.amount - take)
    }
  }
  txs = await openTxs(state.db, r.request_id)
  const returned = (t: IncomingTransfer) => txs.some((x) => x.kind === 'refund' && x.source === t.source && (x.status === 'confirmed' || x.status === 'kept'))
  const settled = transfers.every((t) => returned(t) || spentWhole(t, transfers, r, status))
  if (settled && r.swept_at === null && !txs.some((x) => x.status === 'signed')) await sweep(ctx, a, key, r)
  if (status === 'timeout' && transfers.length > 0 && transfers.every(returned)) {
    await move(state.db, r.request_id, 'timeout', 'refunded')
  }
}

/** A transfer spent whole on the payout (nothing of it to refund). */
function spentWhole(t: IncomingTransfer, all: IncomingTransfer[], r: RelayRow, status: string): boolean {
  if (status !== 'success' || t.time > Number(r.deadline)) return false
  let spent = BigInt(r.deposit_amount)
  for (const x of all) {
    const take = x.time <= Number(r.deadline) ? (spent < x.amount ? spent : x.amount) : 0n
    spent -= take
    if (x === t) return take === t.amount
  }
  return false
}

/** The treasury sends a deposit address the gas a token transfer from it costs, once per purpose. */
async function fundGas(ctx: RelayContext, a: EvmChain, r: RelayRow, source: string): Promise<boolean> {
  const txs = await openTxs(ctx.state.db, r.request_id)
  const done = txs.find((x) => x.kind === 'gas' && x.source === `gas:${source}` && x.status !== 'dropped')
  if (done) return done.status === 'confirmed'
  const value = TOKEN_GAS * (await marginGasPrice(a))
  const status = await sendRecorded(ctx.state.db, a, await treasurySigner(a), { to: getAddress(r.deposit_address), value, gas: NATIVE_GAS }, { requestId: r.request_id, kind: 'gas', source: `gas:${source}`, amount: value, beneficiary: getAddress(r.deposit_address) }, ctx.fault)
  return status === 'confirmed'
}

/** A transfer from the deposit address: the native coin less its own network fee, or a token with gas the treasury funds. */
async function sendFromDeposit(ctx: RelayContext, a: EvmChain, key: Hex, r: RelayRow, kind: RelayTxKind, source: string, to: Address, amount: bigint): Promise<void> {
  const signer = keySigner(key)
  if (isNative(r.origin_currency)) {
    // A plain transfer at a fixed gas price costs exactly its gas times that price: the fee taken off.
    const gasPrice = await a.client.getGasPrice()
    const value = amount - NATIVE_GAS * gasPrice
    if (value <= 0n) {
      // Less than its own fee: nothing can be sent back. A refund is recorded settled so it never holds up the quote.
      if (kind === 'refund') await recordKept(ctx.state.db, a, signer.address, { requestId: r.request_id, kind, source, amount, beneficiary: to })
      return
    }
    await sendRecorded(ctx.state.db, a, signer, { to, value, gas: NATIVE_GAS, gasPrice }, { requestId: r.request_id, kind, source, amount: value, beneficiary: to }, ctx.fault)
    return
  }
  if (!(await fundGas(ctx, a, r, source))) return
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  await sendRecorded(ctx.state.db, a, signer, { to: getAddress(r.origin_currency), data, gas: TOKEN_GAS }, { requestId: r.request_id, kind, source, amount, beneficiary: to }, ctx.fault)
}

const refund = (ctx: RelayContext, a: EvmChain, key: Hex, r: RelayRow, t: IncomingTransfer, amount: bigint) =>
  sendFromDeposit(ctx, a, key, r, 'refund', t.source, t.from, amount)

/** Moves what the deposit address still holds (the spent deposit) into the treasury, once; a quote with nothing left is marked swept. */
async function sweep(ctx: RelayContext, a: EvmChain, key: Hex, r: RelayRow): Promise<void> {
  const address = getAddress(r.deposit_address)
  const held = isNative(r.origin_currency)
    ? await a.client.getBalance({ address })
    : await a.client.readContract({ address: getAddress(r.origin_currency), abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  if (held > 0n) await sendFromDeposit(ctx, a, key, r, 'sweep', r.request_id, await treasuryOf(a), held)
  const txs = await openTxs(ctx.state.db, r.request_id)
  const swept = txs.find((x) => x.kind === 'sweep' && x.status !== 'dropped')
  if (held === 0n || swept?.status === 'confirmed' || (isNative(r.origin_currency) && !swept)) {
    await ctx.state.db.query('UPDATE pay_relays SET swept_at = $2 WHERE request_id = $1 AND swept_at IS NULL', [r.request_id, Date.now()])
  }
}
