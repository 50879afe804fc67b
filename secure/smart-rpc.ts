// RPC for the smart account (SPEC section 6, EIP-5792): sending goes through user operations on
// the chain's bundler, wallet_sendCalls batches every call into one, signatures are the account's
// (ERC-1271, wrapped in ERC-6492 until it is deployed). Approval first, as for the EOA.
import * as v from 'valibot'
import { BaseError, HttpRequestError, TimeoutError, isHex, toHex, type Hex } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import { grantSession, revokeSession } from './smart-session'
import type { PrivateKeyAccount } from 'viem/accounts'
import { APPROVAL_METHODS, NOT_ALLOWED, SAFE_METHODS, WalletCall } from '../src/utils/frame-messages'
import type { ApprovalDetails } from './approve'
import { describeMessage, messageBytes } from './describe/message'
import { refuseForeignSignIn } from './describe/sign-in'
import { evmDescriber, typedForSigning } from './describe/evm-request'
import { userOpFeeRow } from './describe/user-op-fee'
import { RpcError } from './rpc'
import type { Smart, SmartChain } from './smart'

const Tx = v.object({ to: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))), value: v.optional(v.string()), data: v.optional(v.string()) })
const SendCalls = v.tuple([v.object({ calls: v.pipe(v.array(WalletCall), v.minLength(1)), chainId: v.optional(v.string()), from: v.optional(v.string()) })])
const Hash = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/))
const OpReceipt = v.nullable(v.object({ success: v.boolean(), receipt: v.object({ transactionHash: Hash, blockHash: Hash, blockNumber: v.string(), gasUsed: v.string(), logs: v.array(v.unknown()) }) }))
/** How long a send waits for its user operation to land. */
const LAND_MS = 60_000
/** EIP-5792 status codes. */
const PENDING = 100
const CONFIRMED = 200
const REVERTED = 500

export interface SmartRpcContext {
  owner: PrivateKeyAccount
  chainId: number
  rpcUrl: string | undefined
  origin: string
  smart: Smart
  approve(details: ApprovalDetails): Promise<boolean>
}

/** Methods the smart module answers for either account type. */
export const CALLS_METHODS = ['wallet_getCapabilities', 'wallet_getCallsStatus']

const parse = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, value)
  if (!result.success) throw new RpcError('Invalid params', -32602)
  return result.output
}
const big = (value: string | undefined) => (value ? BigInt(value) : 0n)

async function rpc(url: string | undefined, method: string, params: unknown): Promise<unknown> {
  if (!url) throw new RpcError('No RPC endpoint for this network', -32603)
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
  const json = await res.json() as { result?: unknown; error?: { message?: string; code?: number } }
  if (json.error) throw new RpcError(json.error.message ?? 'RPC error', json.error.code ?? -32603)
  return json.result
}

type Calls = { to: Hex; value?: bigint; data?: Hex }[]

/** A bundler that is down or refuses says so; nothing reached the chain either way. */
function bundlerError(error: unknown): RpcError {
  const e = error as { details?: string; shortMessage?: string; message?: string }
  const unreachable = error instanceof BaseError && !!error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)
  if (unreachable) return new RpcError('The bundler is unreachable; nothing was sent. Try again shortly.', -32603)
  return new RpcError(`The bundler did not accept the user operation: ${e.details ?? e.shortMessage ?? e.message}`, -32603)
}

/** The user operation for these calls, its gas limits and fees filled in: what the approval shows is what is signed. */
export async function prepareOp(sc: SmartChain, calls: Calls): Promise<UserOperation<'0.7'>> {
  try {
    const { account: _, ...op } = await sc.bundler.prepareUserOperation({ account: sc.account, calls })
    return op as UserOperation<'0.7'>
  } catch (error) {
    throw bundlerError(error)
  }
}

/** Signs the prepared operation as it is and sends it: nothing is estimated or changed again. */
export async function sendPrepared(sc: SmartChain, op: UserOperation<'0.7'>): Promise<Hex> {
  try {
    const signature = await sc.account.signUserOperation(op)
    return await sc.bundler.sendUserOperation({ ...op, account: sc.account, signature } as Parameters<SmartChain['bundler']['sendUserOperation']>[0])
  } catch (error) {
    throw bundlerError(error)
  }
}

/** Sends calls as one user operation (the session grants, whose approval names what they do). */
export async function sendOp(sc: SmartChain, calls: Calls): Promise<Hex> {
  return sendPrepared(sc, await prepareOp(sc, calls))
}

async function opReceipt(sc: SmartChain, hash: string) {
  return parse(OpReceipt, await sc.bundler.request({ method: 'eth_getUserOperationReceipt', params: [hash as Hex] } as never))
}

/** EIP-5792 wallet_getCallsStatus: a user operation from the bundler, else (EOA batches) a transaction. */
async function callsStatus(ctx: SmartRpcContext, id: string) {
  const base = { version: '2.0.0', id, chainId: toHex(ctx.chainId), atomic: true }
  if (await ctx.smart.enabled(ctx.chainId)) {
    const op = await opReceipt(await ctx.smart.smartChain(ctx.owner, ctx.chainId, ctx.rpcUrl), id).catch(() => null)
    if (op) {
      const r = op.receipt
      return { ...base, status: op.success ? CONFIRMED : REVERTED, receipts: [{ logs: r.logs, status: op.success ? '0x1' : '0x0', blockHash: r.blockHash, blockNumber: r.blockNumber, gasUsed: r.gasUsed, transactionHash: r.transactionHash }] }
    }
  }
  const tx = await rpc(ctx.rpcUrl, 'eth_getTransactionReceipt', [id]) as { status?: string; logs?: unknown[]; blockHash?: string; blockNumber?: string; gasUsed?: string; transactionHash?: string } | null
  if (!tx) return { ...base, atomic: false, status: PENDING, receipts: [] }
  return { ...base, atomic: false, status: tx.status === '0x1' ? CONFIRMED : REVERTED, receipts: [{ logs: tx.logs, status: tx.status, blockHash: tx.blockHash, blockNumber: tx.blockNumber, gasUsed: tx.gasUsed, transactionHash: tx.transactionHash }] }
}

/**
 * EIP-5792 wallet_getCapabilities: atomic batches on every smart-account network, for the smart
 * account. Its address is the same on each of them (one factory, CREATE2), so it is read once.
 */
async function capabilities(ctx: SmartRpcContext, params: unknown) {
  const [address] = parse(v.tuple([v.optional(v.string()), v.optional(v.array(v.string()))]), Array.isArray(params) ? params.slice(0, 1) : [])
  const sc = await ctx.smart.smartChain(ctx.owner, ctx.chainId, ctx.rpcUrl).catch(() => undefined)
  const smartAddress = sc && (await sc.account.getAddress()).toLowerCase()
  const out: Record<string, { atomic: { status: 'supported' | 'unsupported' } }> = {}
  for (const id of await ctx.smart.networks()) {
    const isSmart = address ? address.toLowerCase() === smartAddress : (await ctx.smart.typeFor(id)) === 'smartAccount'
    out[toHex(id)] = { atomic: { status: isSmart ? 'supported' : 'unsupported' } }
  }
  return out
}

export async function handleSmartRpc(ctx: SmartRpcContext, method: string, params: unknown): Promise<unknown> {
  if (method === 'wallet_getCapabilities') return capabilities(ctx, params)
  if (method === 'wallet_getCallsStatus') return callsStatus(ctx, parse(v.tuple([Hash]), params)[0])
  const sc = await ctx.smart.smartChain(ctx.owner, ctx.chainId, ctx.rpcUrl)
  const address = await sc.account.getAddress()
  if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [address]
  if (method === 'eth_chainId') return toHex(ctx.chainId)
  if (['eth_getUserOperationByHash', 'eth_getUserOperationReceipt', 'eth_supportedEntryPoints'].includes(method)) return sc.bundler.request({ method, params } as never)
  if (SAFE_METHODS.includes(method)) return rpc(ctx.rpcUrl, method, params)
  if (!APPROVAL_METHODS.includes(method)) throw new RpcError(NOT_ALLOWED, 4200)
  const ask = async (details: Omit<ApprovalDetails, 'origin'>) => {
    if (!(await ctx.approve({ ...details, origin: ctx.origin }))) throw new RpcError('User rejected the request.', 4001)
  }
  const rows = (extra: [string, string][]): [string, string][] => [['Smart Account', address], ...extra, ['Network', `eip155:${ctx.chainId}`]]
  const describe = evmDescriber(ctx.chainId, ctx.rpcUrl)
  switch (method) {
    case 'personal_sign': {
      const [data] = parse(v.tuple([v.string(), v.optional(v.string())]), params)
      refuseForeignSignIn(messageBytes(data), ctx.origin)
      await ask({ title: 'Sign message', rows: rows([]), ...describeMessage(data) })
      return sc.account.signMessage({ message: isHex(data) ? { raw: data } : data })
    }
    case 'eth_signTypedData_v4': {
      const [, json] = parse(v.tuple([v.string(), v.string()]), params)
      const { typed, rows: described, warning } = await describe.typedData(json)
      await ask({ title: 'Sign typed data', rows: rows(described), body: JSON.stringify(typed.message, null, 2), warning })
      return sc.account.signTypedData(typedForSigning(typed) as Parameters<SmartChain['account']['signTypedData']>[0])
    }
    case 'eth_sendTransaction': {
      const [tx] = parse(v.tuple([Tx]), params)
      if (!tx.to) throw new RpcError('A smart account cannot deploy a contract with eth_sendTransaction', -32602)
      const calls = [{ to: tx.to as Hex, value: big(tx.value), data: tx.data as Hex | undefined }]
      const op = await prepareOp(sc, calls)
      await ask({ title: 'Send transaction', rows: rows([...await describe.calls(calls), userOpFeeRow(op, describe.currency)]) })
      const hash = await sendPrepared(sc, op)
      // The site gets the transaction that carried it, as from an EOA.
      const receipt = await sc.bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: LAND_MS })
      if (!receipt.success) throw new RpcError(`The user operation ${hash} reverted`, -32603)
      return receipt.receipt.transactionHash
    }
    case 'wallet_sendCalls': {
      const [{ calls: asked }] = parse(SendCalls, params)
      const calls = asked.map((c) => ({ to: c.to as Hex, value: big(c.value), data: c.data as Hex | undefined }))
      // One user operation: the calls land together or not at all.
      const op = await prepareOp(sc, calls)
      await ask({ title: `Send ${calls.length} calls`, rows: rows([...await describe.calls(calls), userOpFeeRow(op, describe.currency)]) })
      return { id: await sendPrepared(sc, op) }
    }
    case 'wallet_grantPermissions':
      return grantSession({ sc, address, params, ask: (title, extra) => ask({ title, rows: rows(extra) }), sendOp })
    case 'wallet_revokePermissions':
      return revokeSession({ sc, address, params, ask: (title, extra) => ask({ title, rows: rows(extra) }), sendOp })
    default:
      throw new RpcError(NOT_ALLOWED, 4200)
  }
}
