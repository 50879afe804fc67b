import type { Network } from '../../types'
import type { SendFee, SendToken } from '../../signals/send'
import { isUserRejected, PosternError, USER_REJECTED } from '../../utils/errors'

/** One transfer, as a chain module needs it: plain data, no store. */
export interface Transfer {
  network: Network
  /** The network's endpoints in fallback order (rpcUrlsFor). */
  rpcUrls: string[]
  from: string
  to: string
  token: SendToken
  /** In the token's base units. */
  amount: bigint
  /** The connection's provider: EIP-1193 on eip155, the Solana wallet provider on solana. */
  provider: unknown
}

/** What the send view needs of a chain family; each lives in its own chunk with its library. */
export interface ChainSend {
  isAddress(address: string): boolean
  /** The fee of this transfer (receiver and amount may still be missing: a typical transfer then). */
  estimateFee(transfer: Omit<Transfer, 'provider'>): Promise<SendFee>
  /** Has the wallet sign and send, waits until the chain has it; the hash or signature. */
  send(transfer: Transfer): Promise<string>
}

/** The EIP-1193 code of a wallet error, looking inside the wrappers some wallets add. */
function errorCode(error: unknown): unknown {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown } | undefined
  return e?.data?.originalError?.code ?? e?.code ?? (e?.cause ? errorCode(e.cause) : undefined)
}

/** Wallet calls: a refusal becomes the 4001 error, others keep their code and message. */
export async function walletCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUserRejected(error) || errorCode(error) === USER_REJECTED) throw new PosternError('User rejected the request.', USER_REJECTED, { cause: error })
    if (error instanceof PosternError) throw error
    const message = (error as { message?: unknown })?.message
    const code = errorCode(error)
    throw new PosternError(typeof message === 'string' && message ? message : 'Failed to send transaction', typeof code === 'number' || typeof code === 'string' ? code : 'SEND_ERROR', { cause: error })
  }
}
