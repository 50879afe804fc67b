import * as v from 'valibot'
import { PosternError, USER_REJECTED, isUserRejected } from '../../utils/errors'

/** EIP-1193, as much of it as Postern uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): void
  removeListener?(event: string, listener: (...args: unknown[]) => void): void
}

const Accounts = v.array(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)))
const ChainId = v.union([v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/)), v.pipe(v.number(), v.integer())])

export function parseAccounts(value: unknown): string[] {
  const result = v.safeParse(Accounts, value)
  if (!result.success) throw new PosternError('The wallet returned invalid accounts', 'INVALID_WALLET_RESPONSE')
  return result.output
}

export function parseChainId(value: unknown): number {
  const result = v.safeParse(ChainId, value)
  if (!result.success) throw new PosternError('The wallet returned an invalid chain id', 'INVALID_WALLET_RESPONSE')
  return typeof result.output === 'number' ? result.output : Number.parseInt(result.output, 16)
}

/** The EIP-1193 code of a wallet error, looking inside wrappers some wallets add. */
export function errorCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown } | undefined
  if (typeof e?.data?.originalError?.code === 'number') return e.data.originalError.code
  if (typeof e?.code === 'number') return e.code
  return e?.cause ? errorCode(e.cause) : undefined
}

/** Calls the wallet; a rejection comes back as a 4001 PosternError, others keep their code. */
export async function request(provider: Eip1193Provider, method: string, params?: unknown): Promise<unknown> {
  try {
    return await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    if (isUserRejected(error)) throw new PosternError('User rejected the request.', USER_REJECTED, { cause: error })
    const code = errorCode(error)
    const message = (error as { message?: unknown })?.message
    throw new PosternError(typeof message === 'string' && message ? message : 'The wallet request failed', code ?? 'WALLET_ERROR', { cause: error })
  }
}

/** Gives up waiting after ms, resolving undefined (for calls some wallets never answer). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))])
}
