// The smart-session co-signer's permission endpoints, as AppKit's CosignerService calls them
// (rpc.walletconnect.org/v1/sessions/<caip-10 address>[/activate]?projectId): a key of the
// co-signer per permission, which the wallet then makes a session key of the account; activation
// holds only once the chain shows that grant, whatever the caller says it got; a revoke holds only
// with the account's own signature of the permission's revoke message.
import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Address } from 'viem'
import { HttpError, parse, type Reply } from '../http.ts'
import type { Route, RouteContext } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { parseRequest, sealKey, type CosignerRequest } from '../cosigner/permissions.ts'
import { activatePermission, findPermission, insertPermission, revokePermission } from '../cosigner/store.ts'
import { verifyEvm } from '../auth/verify.ts'
import { evmChainByCaip } from '../state.ts'
import { revokeMessage } from '../../src/smart-session/revoke-message.ts'
import { chainAccess, liveSession } from '../cosigner/userop.ts'

const CaipAddress = v.pipe(
  v.string(),
  v.regex(/^eip155:\d{1,15}:0x[0-9a-fA-F]{40}$/, 'must be a CAIP-10 address eip155:<chain id>:0x…'),
  v.transform((s) => {
    const [, chain, address] = s.split(':') as [string, string, string]
    return { chain: `eip155:${chain}`, chainId: Number(chain), address: address.toLowerCase() as Address }
  }),
)
const Pci = v.pipe(v.string(), v.uuid('must be the pci the co-signer gave'))
const Activate = v.looseObject({ pci: Pci })
const Revoke = v.object({ pci: Pci, signature: v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex bytes'), v.maxLength(4096, 'is too long')) })

function account(ctx: RouteContext) {
  requireSiteOrigin(ctx)
  const { projectId } = parse(v.object({ ...SdkQuery, v: v.optional(v.string()) }), ctx.query, 'query')
  return { projectId, ...parse(v.object({ address: CaipAddress }), ctx.params, 'path').address }
}

/** The permission of `pci` when it is this project's, for this account on this chain; else 404 (no probing others'). */
async function ownPermission(ctx: RouteContext, pci: string, who: { projectId: string; chain: string; address: string }) {
  const permission = await findPermission(ctx.state.db, pci)
  if (!permission || permission.projectId !== who.projectId || permission.address !== who.address || permission.chain !== who.chain) throw new HttpError(404, `pci: no permission ${pci} for ${who.address}`)
  return permission
}

/**
 * POST /v1/sessions/<caip-10 address>/revoke (AppKit's CosignerService.revokePermissions), reached
 * through routes/auth.ts: the bare-address path with the same body is SIWX's revoke.
 */
export async function revokeCosignerPermission(ctx: RouteContext): Promise<Reply> {
  const who = account(ctx)
  const { pci, signature } = parse(Revoke, ctx.body, 'body')
  const permission = await ownPermission(ctx, pci, who)
  if (permission.status === 'revoked') throw new HttpError(409, `pci: permission ${pci} is already revoked`)
  const chain = evmChainByCaip(ctx.state, who.chain)
  if (!chain) throw new HttpError(400, `chainId: ${who.chain} has no smart accounts on this service`)
  // The account's own signature (ERC-1271 for a smart account): no key the site or the co-signer holds can give it.
  const checked = await verifyEvm(chain, who.address, revokeMessage(who.chainId, who.address, pci), signature)
  if (!checked.ok) throw new HttpError(401, `signature: not the account's signature of the revoke message for ${pci}`)
  await revokePermission(ctx.state.db, pci)
  return { status: 204, body: '', contentType: 'text/plain' }
}

const targetsOf = (request: CosignerRequest) => request.permissions.map((p) => p.data.address as Address)

export const cosignerRoutes: Route[] = [
  {
    method: 'POST',
    // POST only: GET on this path is the SIWX sessions list (routes/auth.ts), whose address is bare.
    path: /^\/v1\/sessions\/(?<address>[^/]+)$/,
    access: 'query',
    maxBody: 64 * 1024,
    async handle(ctx) {
      const { projectId, chain, chainId, address } = account(ctx)
      const request = parseRequest(ctx.body)
      if (Number(request.chainId) !== chainId) throw new HttpError(400, `chainId: the request is for ${Number(request.chainId)}, the address for ${chainId}`)
      if (request.address && request.address.toLowerCase() !== address) throw new HttpError(400, 'address: the request names another account than the path')
      if (!chainAccess(ctx.state, chain)) throw new HttpError(400, `chainId: ${chain} has no smart accounts on this service`)
      const pci = randomUUID()
      const key = generatePrivateKey()
      const cosigner = privateKeyToAccount(key)
      await insertPermission(ctx.state.db, {
        pci, projectId, address, chain, cosignerAddress: cosigner.address, cosignerKeySealed: sealKey(ctx.state, pci, key),
        request: JSON.stringify(request), expiry: request.expiry, status: 'pending',
      })
      return { json: { pci, key: { type: 'secp256k1', publicKey: cosigner.publicKey } } }
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/sessions\/(?<address>[^/]+)\/activate$/,
    access: 'query',
    maxBody: 64 * 1024,
    async handle(ctx) {
      const who = account(ctx)
      const { chain, address } = who
      const { pci } = parse(Activate, ctx.body, 'body')
      const permission = await ownPermission(ctx, pci, who)
      if (permission.status !== 'pending') throw new HttpError(409, `pci: permission ${pci} is already ${permission.status}`)
      const access = chainAccess(ctx.state, chain)
      const live = access && await liveSession(access, address, permission.cosignerAddress, targetsOf(JSON.parse(permission.request) as CosignerRequest))
      if (!live) throw new HttpError(400, `pci: the account has not granted the co-signer's key ${permission.cosignerAddress} a session for these contracts`)
      await activatePermission(ctx.state.db, pci, Math.min(permission.expiry, live.validUntil))
      return { status: 204, body: '', contentType: 'text/plain' }
    },
  },
]
