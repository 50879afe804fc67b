// One look at a relayed quote, by whichever server takes its lease (one at a time; a lease left by
// a server that died lapses): first the outcome of every transaction recorded for it (found on
// chain, or the same bytes broadcast again); then its deposit address read on from where the last
// look stopped (pay-relay-deposits.ts); while waiting, whether its deposit came in time (the payout
// is claimed) or its deadline passed (timeout); a claimed quote is paid (pay-relay-payout.ts, a
// reverted payout tried again); then every incoming transfer not spent on the payout goes back to
// its sender, once; and a quote whose refunds are all settled has what it was owed swept into the
// treasury (pay-relay-sweep.ts).
import { getAddress, type Address, type Hex } from 'viem'
import type { EvmChain } from './chain/evm.ts'
import type { Queryable } from './db/index.ts'
import { scanDeposits, type IncomingTransfer, type ScanOptions } from './pay-relay-deposits.ts'
import { openDepositKey } from './pay-relay-key.ts'
import { payOut } from './pay-relay-payout.ts'
import { refund, sweep } from './pay-relay-sweep.ts'
import { openTxs, settleTx, type RelayFault, type RelayTxRow } from './pay-relay-tx.ts'
import type { ServerState } from './state.ts'

/** How long after its quote a late deposit is still noticed and refunded. */
export const LATE_DEPOSIT_WATCH_MS = 7 * 24 * 3_600_000
/** How long one server keeps a quote to itself while it works on it. */
const LEASE_MS = 60_000

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
  scanned_block: string | number | null
  swept_at: string | number | null
  created_at: string | number
  status: string
}

export interface RelayContext {
  state: ServerState
  sealKey: Buffer
  /** The payout's call on the destination chain (pay-relay-payout.ts). */
  payoutCall(b: EvmChain, r: RelayRow): Promise<{ to: Address; data?: Hex; value?: bigint; gas: bigint; amount: bigint }>
  scan: ScanOptions
  /** Payout attempts before a quote fails (PAYOUT_ATTEMPTS unless set). */
  payoutAttempts?: number
  /** Tests only: the gas limit a payout attempt is signed with (a test starves one so it reverts). */
  payoutGas?: (attempt: number, gas: bigint) => bigint
  fault?: RelayFault
  /** Looks asked for by status requests, running in the background (pay-relay-jobs.ts); stopping ends their waits. */
  nudges: Map<string, Promise<void>>
  again: Set<string>
  stopping: boolean
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
  const { state } = ctx
  const a = state.evm.find((c) => c.chainId === r.origin_chain_id)
  const b = state.evm.find((c) => c.chainId === r.destination_chain_id)
  if (!a || !b) return
  const chainOf = (row: RelayTxRow) => (row.chain_id === a.chainId ? a : b)
  for (const row of await openTxs(state.db, r.request_id)) await settleTx(state.db, chainOf(row), row, ctx.fault)
  const first = await scanDeposits(state.db, a, r, ctx.scan)
  // Transfers count once deep enough: what the payout claims and what is refunded.
  const counted = first.transfers.filter((t) => t.block <= first.counted)
  const deposit = BigInt(r.deposit_amount)
  if (r.status === 'waiting') {
    const onTime = counted.filter((t) => t.time <= Number(r.deadline)).reduce((sum, t) => sum + t.amount, 0n)
    if (onTime >= deposit) await move(state.db, r.request_id, 'waiting', 'pending')
    else if (chainNow((await a.client.getBlock({ blockTag: 'latest' })).timestamp) > Number(r.deadline)) await move(state.db, r.request_id, 'waiting', 'timeout')
  }
  let status = (await relayById(state.db, r.request_id))!.status
  if (status === 'pending') {
    const paid = await payOut(ctx, b, r)
    if (paid === 'failed') await move(state.db, r.request_id, 'pending', 'failure')
    else if (paid) await move(state.db, r.request_id, 'pending', 'success', paid.tx_hash)
    status = (await relayById(state.db, r.request_id))!.status
  }
  // A refunded quote still returns what comes to it late.
  if (!['success', 'failure', 'timeout', 'refunded'].includes(status)) return
  const key = openDepositKey(ctx.sealKey, r.request_id, r.deposit_key)
  const before = await openTxs(state.db, r.request_id)
  const owed = unspent(counted, r, status).filter(({ t, rest }) => rest > 0n && !before.some((x) => x.kind === 'refund' && x.source === t.source && x.status !== 'dropped'))
  for (const { t, rest } of owed) await refund(ctx, a, key, r, t, rest)
  // The sweep relies on a listing taken after every transaction of the quote was mined, every
  // transfer in it settled (one not yet deep enough is not): listed again when refunds went out.
  const { transfers, block } = owed.length > 0 ? await scanDeposits(state.db, a, r, ctx.scan) : first
  const txs = await openTxs(state.db, r.request_id)
  const returned = (t: IncomingTransfer) => txs.some((x) => x.kind === 'refund' && x.source === t.source && (x.status === 'confirmed' || x.status === 'kept'))
  const settled = unspent(transfers, r, status).every(({ t, rest }) => rest === 0n || returned(t))
  if (settled && !txs.some((x) => x.status === 'signed')) await sweep(ctx, a, key, r, transfers, block)
  if (status === 'timeout' && transfers.length > 0 && transfers.every(returned)) {
    await move(state.db, r.request_id, 'timeout', 'refunded')
  }
}

/** Each transfer with what of it the payout did not spend: a success spent the deposit from the first transfers in time; anything else spent nothing. */
function unspent(transfers: IncomingTransfer[], r: RelayRow, status: string): { t: IncomingTransfer; rest: bigint }[] {
  let spent = status === 'success' ? BigInt(r.deposit_amount) : 0n
  return transfers.map((t) => {
    const take = t.time <= Number(r.deadline) && spent > 0n ? (spent < t.amount ? spent : t.amount) : 0n
    spent -= take
    return { t, rest: t.amount - take }
  })
}
