// Smart sessions (ERC-7715, features.smartSessions): wallet_grantPermissions lets a key the site
// holds act for the smart account within a scope (call targets, a total native allowance, an
// expiry) that the account itself enforces; wallet_revokePermissions ends it. Both are user
// operations of the owner, approved in this frame.
import * as v from 'valibot'
import { encodeFunctionData, formatEther, type Hex } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'
import { sessionAbi } from './smart-account'
import { RpcError } from './rpc'
import type { SmartChain } from './smart'

const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
const Quantity = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/))
const Signer = v.variant('type', [
  v.object({ type: v.literal('account'), data: v.object({ id: Address }) }),
  v.object({ type: v.literal('key'), data: v.object({ type: v.literal('secp256k1'), publicKey: v.pipe(v.string(), v.regex(/^0x04[0-9a-fA-F]{128}$/)) }) }),
])
const Permission = v.variant('type', [
  v.object({ type: v.literal('contract-call'), data: v.object({ address: Address }), policies: v.optional(v.array(v.unknown())) }),
  v.object({ type: v.literal('native-token-transfer'), data: v.object({ allowance: Quantity }), policies: v.optional(v.array(v.unknown())) }),
])
const Grant = v.tuple([v.object({
  chainId: v.optional(v.string()),
  expiry: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 48 - 1)),
  signer: Signer,
  permissions: v.pipe(v.array(Permission), v.minLength(1)),
})])
const Revoke = v.tuple([v.object({ permissionsContext: Address })])

interface SessionContext {
  sc: SmartChain
  address: Hex
  params: unknown
  ask(title: string, rows: [string, string][]): Promise<void>
  sendOp(sc: SmartChain, calls: { to: Hex; value?: bigint; data?: Hex }[]): Promise<Hex>
}

const parse = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, value)
  if (!result.success) throw new RpcError(`Invalid params: ${v.summarize(result.issues)}`, -32602)
  return result.output
}

/** The owner's user operation calling the account itself; resolves once it landed. */
async function selfCall(ctx: SessionContext, data: Hex): Promise<void> {
  const hash = await ctx.sendOp(ctx.sc, [{ to: ctx.address, data }])
  const receipt = await ctx.sc.bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: 60_000 })
  if (!receipt.success) throw new RpcError(`The user operation ${hash} reverted`, -32603)
}

export async function grantSession(ctx: SessionContext) {
  const [request] = parse(Grant, ctx.params)
  const key = (request.signer.type === 'account' ? request.signer.data.id : publicKeyToAddress(request.signer.data.publicKey as Hex)) as Hex
  const targets = request.permissions.flatMap((p) => (p.type === 'contract-call' ? [p.data.address as Hex] : []))
  if (!targets.length) throw new RpcError('A session needs at least one contract-call permission (its call targets)', -32602)
  const allowance = request.permissions.reduce((sum, p) => (p.type === 'native-token-transfer' ? sum + BigInt(p.data.allowance) : sum), 0n)
  await ctx.ask('Grant permissions', [
    ['Session key', key], ['May call', targets.join(', ')], ['Spending limit', `${formatEther(allowance)} ETH`],
    ['Expires', new Date(request.expiry * 1000).toISOString()],
  ])
  await selfCall(ctx, encodeFunctionData({ abi: sessionAbi, functionName: 'grantSession', args: [key, targets, allowance, request.expiry] }))
  return {
    expiry: request.expiry,
    grantedPermissions: request.permissions,
    // The session's key is what the site names when it revokes it.
    permissionsContext: key,
    signerData: { userOpBuilder: ctx.address, submitToAddress: ctx.address },
  }
}

export async function revokeSession(ctx: SessionContext) {
  const [{ permissionsContext: key }] = parse(Revoke, ctx.params)
  const [, , , active] = await ctx.sc.client.readContract({ address: ctx.address, abi: sessionAbi, functionName: 'sessions', args: [key as Hex] })
  if (!active) throw new RpcError('No active session for this permissions context', -32602)
  await ctx.ask('Revoke permissions', [['Session key', key]])
  await selfCall(ctx, encodeFunctionData({ abi: sessionAbi, functionName: 'revokeSession', args: [key as Hex] }))
  return null
}
