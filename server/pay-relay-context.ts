// The relayer's settings on a server: its deposit key sealing key, how it reads deposit addresses,
// how often a payout is tried, and (tests) its fault points; and the looks running in the background.
import type { Hex } from 'viem'
import type { Queryable } from './db/index.ts'
import { DEFAULT_SCAN } from './pay-relay-deposits.ts'
import { loadRelayKey, sealDepositKey, type PayRelayKeyOptions } from './pay-relay-key.ts'
import { payoutCall } from './pay-relay-payout.ts'
import type { RelayFault } from './pay-relay-tx.ts'
import type { RelayContext } from './pay-relay-work.ts'
import type { ServerState } from './state.ts'

export interface PayRelayOptions extends PayRelayKeyOptions {
  /** Blocks one query of a deposit address reads at most (default 1,000; a node's refusal halves it). */
  maxBlockRange?: number
  /** Blocks read again on every look in case the chain reorganised them (default 12). */
  reorgBlocks?: number
  /** Blocks on top of a deposit before it counts (default 0: as soon as it is mined). */
  confirmations?: number
  /** Payout attempts (each after the last reverted) before a quote fails and is refunded (default 3). */
  payoutAttempts?: number
  /** Tests only: the gas limit a payout attempt is signed with. */
  payoutGas?: (attempt: number, gas: bigint) => bigint
  /** Tests only: stops a payout, refund or sweep where a dying process would. */
  fault?: RelayFault
}

const contexts = new WeakMap<ServerState, RelayContext>()
const byDb = new WeakMap<Queryable, RelayContext>()

function makeContext(state: ServerState, opts: PayRelayOptions): RelayContext {
  const maxBlockRange = opts.maxBlockRange === undefined ? DEFAULT_SCAN.maxBlockRange : BigInt(opts.maxBlockRange)
  const confirmations = opts.confirmations === undefined ? DEFAULT_SCAN.confirmations : BigInt(opts.confirmations)
  // Blocks are read again at least as deep as a deposit must be to count, so none counts that a reorganisation took away.
  const reorgBlocks = opts.reorgBlocks === undefined ? DEFAULT_SCAN.reorgBlocks : BigInt(opts.reorgBlocks)
  const ctx: RelayContext = {
    state,
    sealKey: loadRelayKey(opts),
    payoutCall,
    scan: { maxBlockRange, reorgBlocks: reorgBlocks > confirmations ? reorgBlocks : confirmations, confirmations },
    payoutAttempts: opts.payoutAttempts,
    payoutGas: opts.payoutGas,
    fault: opts.fault,
    nudges: new Map(),
    again: new Set(),
    stopping: false,
  }
  contexts.set(state, ctx)
  byDb.set(state.db, ctx)
  return ctx
}

/** The relayer's sealing key and settings; deposit keys stored before sealing existed are sealed now. */
export async function configurePayRelay(state: ServerState, opts: PayRelayOptions = {}): Promise<void> {
  const { sealKey } = makeContext(state, opts)
  const plain = await state.db.query<{ request_id: string; deposit_key: string }>("SELECT request_id, deposit_key FROM pay_relays WHERE deposit_key LIKE '0x%'")
  for (const p of plain) {
    await state.db.query('UPDATE pay_relays SET deposit_key = $2 WHERE request_id = $1 AND deposit_key = $3', [p.request_id, sealDepositKey(sealKey, p.request_id, p.deposit_key as Hex), p.deposit_key])
  }
}

/** A server configured without options (tests) gets a key in memory, as a test stack's share key. */
export const relayContext = (state: ServerState): RelayContext => contexts.get(state) ?? makeContext(state, {})

/** Resolves once the background looks of the server on this database are done (tests wait for them). */
export async function relayIdle(db: Queryable): Promise<void> {
  const ctx = byDb.get(db)
  while (ctx && ctx.nudges.size > 0) await Promise.all([...ctx.nudges.values()])
}
