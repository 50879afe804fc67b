import type * as v from 'valibot'
import { PosternError } from '../../utils/errors'
import { callWallet } from '../solana/standard'

// The injected APIs of OKX and Unisat-style wallets as objects on the page, and one checked call of them.

type Call = (...args: unknown[]) => Promise<unknown>
export interface Api {
  [method: string]: unknown
  on?(event: string, listener: (data?: unknown) => void): void
  removeListener?(event: string, listener: (data?: unknown) => void): void
  removeAllListeners?(): void
}

const lookup = (path: string) => path.split('.').reduce<unknown>((o, key) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined), globalThis)
/** The API object at a window path (okxwallet.bitcoin, unisat, ...), or undefined. */
export const at = (path: string) => {
  const found = lookup(path)
  return found && typeof found === 'object' ? (found as Api) : undefined
}
export const text = (path: string) => {
  const found = lookup(path)
  return typeof found === 'string' ? found : undefined
}

/** One call of the wallet's API, its answer checked; a refusal is the 4001 error. */
export function call<S extends v.GenericSchema>(api: Api | undefined, method: string, args: unknown[], schema: S): Promise<v.InferOutput<S>> {
  const fn = api?.[method]
  if (typeof fn !== 'function') return Promise.reject(new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND'))
  return callWallet(() => (fn as Call).apply(api, args), schema)
}
