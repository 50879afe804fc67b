import type { TransactionMetadata } from 'litesvm'
import { toBase58, toBase64 } from './encoding.ts'
import { RPC_ERROR, RpcError } from './errors.ts'
import { describeTransactionError, type TransactionErrorJson } from './transaction-error.ts'

export interface InnerInstructions {
  index: number
  instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[]
}

export interface ExecutionResult {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  innerInstructions: InnerInstructions[]
  returnData: { programId: string; data: [string, 'base64'] } | null
}

/** What a run (landed or simulated) reports, in the RPC's shapes. */
export function executionResult(meta: TransactionMetadata, err: TransactionErrorJson | null): ExecutionResult {
  const innerInstructions = meta
    .innerInstructions()
    .map((group, index) => ({
      index,
      instructions: group.map((inner) => {
        const instruction = inner.instruction()
        return {
          programIdIndex: instruction.programIdIndex(),
          accounts: [...instruction.accounts()],
          data: toBase58(instruction.data()),
          stackHeight: inner.stackHeight(),
        }
      }),
    }))
    .filter((group) => group.instructions.length > 0)
  const returned = meta.returnData()
  const returnData =
    returned.data().length > 0 ? { programId: toBase58(returned.programId()), data: [toBase64(returned.data()), 'base64'] as [string, 'base64'] } : null
  return { err, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), innerInstructions, returnData }
}

/** The RPC's preflight error: -32002 with the simulation result as `data`. */
export function preflightFailure(result: ExecutionResult, fee: bigint): RpcError {
  const err = result.err ?? 'SanitizeFailure'
  return new RpcError(RPC_ERROR.SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    fee: result.err === 'BlockhashNotFound' ? null : fee,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs: result.logs,
    replacementBlockhash: null,
    returnData: result.returnData,
    unitsConsumed: result.unitsConsumed,
  })
}
