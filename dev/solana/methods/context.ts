import type { TransactionSigner } from '@solana/kit'
import { minContextSlotNotReached } from '../errors.ts'
import type { Ledger } from '../ledger.ts'

/** The version this ledger reports; litesvm runs the agave 2.x/3.x runtime. */
export const API_VERSION = '3.0.0'

export interface RpcContext {
  ledger: Ledger
  /** Pays airdrops. */
  faucet: TransactionSigner
}

export type Handler = (params: unknown, ctx: RpcContext) => unknown

/** The `{ context, value }` envelope of the real RPC. */
export function withContext<T>(ledger: Ledger, value: T): { context: { apiVersion: string; slot: bigint }; value: T } {
  return { context: { apiVersion: API_VERSION, slot: ledger.slot }, value }
}

/** Rejects a request that asks for a slot the ledger has not reached (agave's -32016). */
export function checkMinContextSlot(ledger: Ledger, config: { minContextSlot?: number | undefined } | undefined): void {
  if (config?.minContextSlot !== undefined && BigInt(config.minContextSlot) > ledger.slot) {
    throw minContextSlotNotReached(ledger.slot)
  }
}
