/** JSON-RPC error codes the Solana RPC uses (agave `rpc_custom_error.rs` and JSON-RPC 2.0). */
export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
  MIN_CONTEXT_SLOT_NOT_REACHED: -32016,
} as const

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toJson(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export function invalidParams(message: string): RpcError {
  return new RpcError(RPC_ERROR.INVALID_PARAMS, message)
}

export function minContextSlotNotReached(contextSlot: bigint): RpcError {
  return new RpcError(RPC_ERROR.MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', { contextSlot })
}
