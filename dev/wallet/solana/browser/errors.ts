import type { WalletErrorShape } from '../types.ts'

/** An error with an EIP-1193-style code, the convention wallets (and Postern) use for rejections. */
export class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'WalletError'
  }

  toJson(): WalletErrorShape {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data }
  }
}

export const userRejected = () => new WalletError(4001, 'User rejected the request.')
export const unauthorized = () => new WalletError(4100, 'The requested account and/or method has not been authorized by the user.')
export const invalidInput = (message: string) => new WalletError(-32602, message)
