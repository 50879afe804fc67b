// Reown's wallet service as a site's server calls it (rpc.walletconnect.org/v1/wallet?projectId,
// JSON-RPC): wallet_prepareCalls builds a user operation under an active co-signer permission,
// wallet_sendPreparedCalls takes the site key's signature of it, co-signs and sends it once, and
// wallet_getCallsStatus reports it. Nothing runs under a revoked permission. Every refusal is a JSON-RPC error naming why.
import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { recoverMessageAddress, type Address, type Hex } from 'viem'
import { HttpError, parse } from '../http.ts'
import type { Route } from '../router.ts'
import { EvmAddress, SdkQuery } from '../schemas.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { callAllowed, cosignerAccount, siteKeyAddresses, type CosignerRequest } from '../cosigner/permissions.ts'
import { claimCall, findCall, findCallByHash, findPermission, insertCall, type CosignerPermission } from '../cosigner/store.ts'
import { callsStatus, chainAccess, cosignAndSend, liveSession, prepareUserOperation } from '../cosigner/userop.ts'
import type { ServerState } from '../state.ts'

const HexData = v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes'), v.maxLength(65_536, 'is too long'))
const Quantity = v.union([
  v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'), v.transform((s: string) => BigInt(s))),
  v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.transform((n: number) => BigInt(n))),
], 'must be a hex quantity')
const Id = v.pipe(v.string(), v.maxLength(100, 'is too long'))
const Rpc = v.object({ jsonrpc: v.optional(v.literal('2.0')), id: v.optional(v.union([v.string(), v.number(), v.null()]), null), method: v.string(), params: v.optional(v.array(v.unknown()), []) })
const PrepareCalls = v.tuple([v.object({
  from: EvmAddress,
  chainId: Quantity,
  calls: v.pipe(
    v.array(v.object({ to: EvmAddress, data: v.optional(HexData, '0x'), value: v.optional(Quantity, '0x0') })),
    v.minLength(1, 'must hold a call'), v.maxLength(1, 'a session sends one call at a time'),
  ),
  capabilities: v.object({ permissions: v.object({ context: Id }) }),
})])
const SendPreparedCalls = v.tuple([v.object({
  context: Id,
  preparedCalls: v.object({ type: v.literal('user-operation-v07'), data: v.looseObject({ sender: EvmAddress, nonce: v.string(), callData: HexData }), chainId: v.optional(v.unknown()) }),
  signature: v.pipe(HexData, v.maxLength(300, 'is too long')),
})])
const GetCallsStatus = v.tuple([v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'must be a call id'))])

/** A refusal answered as a JSON-RPC error. */
class RpcRefusal extends Error {
  constructor(message: string, readonly code = -32602) {
    super(message)
  }
}

/** The permission of `pci` if it is this project's and active, else the same refusal (no probing other projects'). */
async function activePermission(state: ServerState, projectId: string, pci: string): Promise<CosignerPermission> {
  const p = await findPermission(state.db, pci)
  if (!p || p.projectId !== projectId) throw new RpcRefusal('Unknown permissions context')
  if (p.status === 'revoked') throw new RpcRefusal('The permission was revoked')
  if (p.status !== 'active') throw new RpcRefusal('The permission is not active: the wallet has not granted it')
  if (p.expiry <= Date.now() / 1000) throw new RpcRefusal('The permission has expired')
  return p
}

function accessOf(state: ServerState, p: CosignerPermission) {
  const access = chainAccess(state, p.chain)
  if (!access) throw new RpcRefusal(`${p.chain} has no smart accounts on this service`, -32000)
  return access
}

async function prepareCalls(state: ServerState, projectId: string, params: unknown[]) {
  const [args] = parseParams(PrepareCalls, params)
  const p = await activePermission(state, projectId, args.capabilities.permissions.context)
  if (args.from.toLowerCase() !== p.address) throw new RpcRefusal('The permissions context belongs to another account')
  if (`eip155:${args.chainId}` !== p.chain) throw new RpcRefusal(`The permissions context is for ${p.chain}`)
  const call = { to: args.calls[0]!.to as Address, value: args.calls[0]!.value, data: args.calls[0]!.data as Hex }
  if (!callAllowed(JSON.parse(p.request) as CosignerRequest, call)) throw new RpcRefusal(`The call to ${call.to} is outside the granted permission`)
  const access = accessOf(state, p)
  if (!(await liveSession(access, p.address as Address, p.cosignerAddress, []))) throw new RpcRefusal('The session was revoked in the wallet or has expired')
  const { rpc, hash } = await prepareUserOperation(access, p.address as Address, cosignerAccount(state, p), call)
  const id = randomUUID()
  await insertCall(state.db, { id, pci: p.pci, userOperation: JSON.stringify(rpc), userOpHash: hash.toLowerCase() as Hex })
  const chainId = `0x${access.chainId.toString(16)}`
  return [{ preparedCalls: { type: 'user-operation-v07', data: rpc, chainId }, signatureRequest: { hash }, context: id }]
}

async function sendPreparedCalls(state: ServerState, projectId: string, params: unknown[]) {
  const [args] = parseParams(SendPreparedCalls, params)
  const call = await findCall(state.db, args.context)
  const p = call && await findPermission(state.db, call.pci)
  if (!call || !p || p.projectId !== projectId) throw new RpcRefusal('Unknown prepared calls')
  if (call.status !== 'prepared') throw new RpcRefusal('These prepared calls were already sent')
  const stored = JSON.parse(call.userOperation) as { sender: string; nonce: string; callData: string }
  const given = args.preparedCalls.data
  if (['sender', 'nonce', 'callData'].some((k) => String(given[k]).toLowerCase() !== String(stored[k as keyof typeof stored]).toLowerCase())) {
    throw new RpcRefusal('preparedCalls: not the calls prepared under this context')
  }
  const signer = await recoverMessageAddress({ message: { raw: call.userOpHash }, signature: args.signature as Hex }).catch(() => undefined)
  if (!signer || !siteKeyAddresses(JSON.parse(p.request) as CosignerRequest).includes(signer.toLowerCase() as Address)) {
    throw new RpcRefusal('signature: not a signature of the prepared hash by a key of the permission')
  }
  await activePermission(state, projectId, p.pci)
  const access = accessOf(state, p)
  // Spent before it is sent: a second request with the same context finds it taken.
  if (!(await claimCall(state.db, call.id))) throw new RpcRefusal('These prepared calls were already sent')
  return [await cosignAndSend(access, cosignerAccount(state, p), JSON.parse(call.userOperation) as Record<string, unknown>)]
}

async function getCallsStatus(state: ServerState, projectId: string, params: unknown[]) {
  const [hash] = parseParams(GetCallsStatus, params)
  const call = await findCallByHash(state.db, hash)
  const p = call && call.status === 'sent' ? await findPermission(state.db, call.pci) : undefined
  if (!p || p.projectId !== projectId) throw new RpcRefusal('Unknown calls id')
  return callsStatus(accessOf(state, p), call!.userOpHash)
}

function parseParams<const S extends v.GenericSchema>(schema: S, params: unknown[]): v.InferOutput<S> {
  const result = v.safeParse(schema, params)
  if (result.success) return result.output
  const issue = result.issues[0]
  throw new RpcRefusal(`Invalid params: ${v.getDotPath(issue) ?? 'params'}: ${issue.message}`)
}

const METHODS: Record<string, (state: ServerState, projectId: string, params: unknown[]) => Promise<unknown>> = {
  wallet_prepareCalls: prepareCalls,
  wallet_sendPreparedCalls: sendPreparedCalls,
  wallet_getCallsStatus: getCallsStatus,
}

export const walletRpcRoutes: Route[] = [{
  method: 'POST',
  path: /^\/v1\/wallet$/,
  access: 'query',
  maxBody: 256 * 1024,
  async handle(ctx) {
    // A site's server calls without an Origin; a page that calls is held to the project's origins.
    if (ctx.origin) requireSiteOrigin(ctx)
    const { projectId } = parse(v.object(SdkQuery), ctx.query, 'query')
    const rpc = parse(Rpc, ctx.body, 'body')
    const method = METHODS[rpc.method]
    const reply = (body: object) => ({ json: { jsonrpc: '2.0', id: rpc.id, ...body } })
    if (!method) return reply({ error: { code: -32601, message: `Method not found: ${rpc.method}` } })
    try {
      return reply({ result: await method(ctx.state, projectId, rpc.params) })
    } catch (error) {
      if (error instanceof RpcRefusal) return reply({ error: { code: error.code, message: error.message } })
      if (error instanceof HttpError && error.status < 500) return reply({ error: { code: -32000, message: error.reason } })
      throw error
    }
  },
}]
