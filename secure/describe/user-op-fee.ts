// The most a user operation can cost its account: every gas limit it carries (call, verification,
// pre-verification, and the paymaster's when it names one) times its maxFeePerGas, in the
// network's own currency, as the EOA's approval shows gas limit × fee cap.
import type { Currency } from './currency'
import { maxFeeRow, type Row } from './evm-calls'

export interface UserOpGas {
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  paymasterVerificationGasLimit?: bigint | undefined
  paymasterPostOpGasLimit?: bigint | undefined
}

/** The sum of the operation's gas limits. */
export function userOpGasLimit(op: UserOpGas): bigint {
  return op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n)
}

export function userOpFeeRow(op: UserOpGas, currency: Currency): Row {
  return maxFeeRow(userOpGasLimit(op), op.maxFeePerGas, currency)!
}
