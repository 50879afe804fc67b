import * as v from 'valibot'
import { WalletError } from './errors.ts'

const RpcResponse = v.union([
  v.object({ jsonrpc: v.literal('2.0'), result: v.unknown(), id: v.unknown() }),
  v.object({
    jsonrpc: v.literal('2.0'),
    error: v.object({ code: v.number(), message: v.string(), data: v.optional(v.unknown()) }),
    id: v.unknown(),
  }),
])
const SignatureStatuses = v.object({
  value: v.array(v.nullable(v.object({ confirmationStatus: v.nullable(v.string()), err: v.unknown() }))),
})

const COMMITMENT_RANK: Record<string, number> = { processed: 0, confirmed: 1, finalized: 2 }

/** JSON-RPC call to the wallet's Solana node; an RPC error keeps its code (e.g. -32002 for a failed preflight). */
export async function rpcCall(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  let body: unknown
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params }),
    })
    body = await res.json()
  } catch (error) {
    throw new WalletError(-32603, `RPC request to ${rpcUrl} failed: ${(error as Error).message}`)
  }
  const parsed = v.safeParse(RpcResponse, body)
  if (!parsed.success) throw new WalletError(-32603, `Malformed answer from ${rpcUrl}`)
  if ('error' in parsed.output) {
    const { code, message, data } = parsed.output.error
    throw new WalletError(code, message, data)
  }
  return parsed.output.result
}

export interface SendOptions {
  preflightCommitment?: string | undefined
  commitment?: string | undefined
  skipPreflight?: boolean | undefined
  maxRetries?: number | undefined
  minContextSlot?: number | undefined
}

/** sendTransaction, then (if a commitment is asked for) waits until the node reports it. */
export async function sendTransaction(rpcUrl: string, wireBase64: string, options: SendOptions = {}): Promise<string> {
  const config = {
    encoding: 'base64',
    skipPreflight: options.skipPreflight,
    preflightCommitment: options.preflightCommitment,
    maxRetries: options.maxRetries,
    minContextSlot: options.minContextSlot,
  }
  const signature = await rpcCall(rpcUrl, 'sendTransaction', [wireBase64, config])
  if (typeof signature !== 'string') throw new WalletError(-32603, 'sendTransaction answered without a signature')
  if (options.commitment) await waitForCommitment(rpcUrl, signature, options.commitment)
  return signature
}

async function waitForCommitment(rpcUrl: string, signature: string, commitment: string, timeoutMs = 30_000): Promise<void> {
  const wanted = COMMITMENT_RANK[commitment] ?? 1
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const parsed = v.safeParse(SignatureStatuses, await rpcCall(rpcUrl, 'getSignatureStatuses', [[signature]]))
    const status = parsed.success ? parsed.output.value[0] : null
    if (status?.err) throw new WalletError(-32603, `Transaction ${signature} failed`, status.err)
    if (status && (COMMITMENT_RANK[status.confirmationStatus ?? ''] ?? -1) >= wanted) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new WalletError(-32603, `Transaction ${signature} was not ${commitment} within ${timeoutMs / 1000} s`)
}
