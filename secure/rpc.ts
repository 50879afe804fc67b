// RPC inside the frame (SPEC section 6): reads go to the chain, signing and sending wait for the
// user's approval in this document, anything else is refused.
import * as v from 'valibot'
import { createWalletClient, defineChain, http, isHex, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { APPROVAL_METHODS, NOT_ALLOWED, SAFE_METHODS, WalletCall } from '../src/utils/frame-messages'
import type { ApprovalDetails } from './approve'
import { describeMessage, messageBytes } from './describe/message'
import { refuseForeignSignIn } from './describe/sign-in'
import { maxFeeRow } from './describe/evm-calls'
import { evmDescriber, typedForSigning, type EvmDescriber } from './describe/evm-request'

export class RpcError extends Error {
  constructor(message: string, readonly code: number) { super(message) }
}

const Tx = v.object({ from: v.optional(v.string()), to: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))), value: v.optional(v.string()),
  data: v.optional(v.string()), gas: v.optional(v.string()), maxFeePerGas: v.optional(v.string()), maxPriorityFeePerGas: v.optional(v.string()) })
const SendCalls = v.tuple([v.object({ calls: v.array(WalletCall), chainId: v.optional(v.string()), from: v.optional(v.string()) })])

export interface RpcContext {
  account: PrivateKeyAccount
  chainId: number
  rpcUrl: string | undefined
  origin: string
  approve(details: ApprovalDetails): Promise<boolean>
}

async function forward(rpcUrl: string | undefined, method: string, params: unknown): Promise<unknown> {
  if (!rpcUrl) throw new RpcError('No RPC endpoint for this network', -32603)
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
  const json = await res.json() as { result?: unknown; error?: { message?: string; code?: number } }
  if (json.error) throw new RpcError(json.error.message ?? 'RPC error', json.error.code ?? -32603)
  return json.result
}

const big = (value: string | undefined) => (value ? BigInt(value) : undefined)

/**
 * The gas limit and fee cap the approval shows and the transaction then carries: the page's own,
 * else estimated now, so what is approved is what is signed.
 */
async function withFees(ctx: RpcContext, d: EvmDescriber, tx: v.InferOutput<typeof Tx>): Promise<v.InferOutput<typeof Tx>> {
  if (!d.client) return tx
  const hex = (n: bigint | undefined) => (n === undefined ? undefined : `0x${n.toString(16)}`)
  const gas = tx.gas ?? await d.client.estimateGas({ account: ctx.account.address, to: tx.to as Hex | undefined, data: tx.data as Hex | undefined, value: big(tx.value) }).then(hex, () => undefined)
  const fees = tx.maxFeePerGas ? undefined : await d.client.estimateFeesPerGas().catch(() => undefined)
  return { ...tx, gas, maxFeePerGas: tx.maxFeePerGas ?? hex(fees?.maxFeePerGas), maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? hex(fees?.maxPriorityFeePerGas) }
}

async function sendTx(ctx: RpcContext, tx: v.InferOutput<typeof Tx>): Promise<Hex> {
  const { symbol, decimals } = evmDescriber(ctx.chainId, undefined).currency
  const chain = defineChain({ id: ctx.chainId, name: `eip155:${ctx.chainId}`, nativeCurrency: { name: symbol, symbol, decimals }, rpcUrls: { default: { http: [ctx.rpcUrl ?? ''] } } })
  const client = createWalletClient({ account: ctx.account, chain, transport: http(ctx.rpcUrl) })
  return client.sendTransaction({ to: tx.to as Hex | undefined, value: big(tx.value), data: tx.data as Hex | undefined, gas: big(tx.gas),
    maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) })
}

const parse = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, value)
  if (!result.success) throw new RpcError('Invalid params', -32602)
  return result.output
}

export async function handleRpc(ctx: RpcContext, method: string, params: unknown): Promise<unknown> {
  const address = ctx.account.address
  if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [address]
  if (method === 'eth_chainId') return `0x${ctx.chainId.toString(16)}`
  if (SAFE_METHODS.includes(method)) return forward(ctx.rpcUrl, method, params)
  if (!APPROVAL_METHODS.includes(method)) throw new RpcError(NOT_ALLOWED, 4200)
  const ask = async (details: Omit<ApprovalDetails, 'origin'>) => {
    if (!(await ctx.approve({ ...details, origin: ctx.origin }))) throw new RpcError('User rejected the request.', 4001)
  }
  const describe = evmDescriber(ctx.chainId, ctx.rpcUrl)
  const network: [string, string] = ['Network', `eip155:${ctx.chainId}`]
  switch (method) {
    case 'personal_sign': {
      const [data] = parse(v.tuple([v.string(), v.optional(v.string())]), params)
      refuseForeignSignIn(messageBytes(data), ctx.origin)
      await ask({ title: 'Sign message', rows: [['Account', address]], ...describeMessage(data) })
      return ctx.account.signMessage({ message: isHex(data) ? { raw: data } : data })
    }
    case 'eth_signTypedData_v4': {
      const [, json] = parse(v.tuple([v.string(), v.string()]), params)
      const { typed, rows, warning } = await describe.typedData(json)
      await ask({ title: 'Sign typed data', rows: [['Account', address], ...rows], body: JSON.stringify(typed.message, null, 2), warning })
      return ctx.account.signTypedData(typedForSigning(typed) as Parameters<PrivateKeyAccount['signTypedData']>[0])
    }
    case 'eth_sendTransaction': {
      const [asked] = parse(v.tuple([Tx]), params)
      const tx = await withFees(ctx, describe, asked)
      const calls = await describe.calls([{ to: tx.to as Hex | undefined, value: big(tx.value), data: tx.data as Hex | undefined }])
      const fee = maxFeeRow(big(tx.gas), big(tx.maxFeePerGas), describe.currency)
      await ask({ title: 'Send transaction', rows: [['From', address], ...calls, ...(fee ? [fee] : []), network] })
      return sendTx(ctx, tx)
    }
    case 'wallet_sendCalls': {
      const [{ calls }] = parse(SendCalls, params)
      const rows = await describe.calls(calls.map((c) => ({ to: c.to as Hex, value: big(c.value), data: c.data as Hex | undefined })))
      await ask({ title: `Send ${calls.length} calls`, rows: [['From', address], ...rows, network] })
      const hashes: Hex[] = []
      for (const call of calls) hashes.push(await sendTx(ctx, { to: call.to, data: call.data, value: call.value }))
      return { id: hashes[hashes.length - 1] }
    }
    default:
      // Solana signing, permissions and user operations need account kinds this frame does not hold yet.
      throw new RpcError(NOT_ALLOWED, 4200)
  }
}
