// The reference auth service (CloudAuth's role): nonces, sign-in with a CAIP-122 message verified
// here, and the sessions list with revocation. Every refusal is decided before anything is written.
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route, RouteContext } from '../router.ts'
import { AnyAddress, SdkQuery } from '../schemas.ts'
import { evmChainByCaip, type ServerState } from '../state.ts'
import { MessageError, parseSiwxMessage, toCacao, type SiwxFields } from '../auth/message.ts'
import { findSession, issueNonce, listSessions, revokeMessage, revokeSession, saveSession, spendNonce } from '../auth/store.ts'
import { requireSiteOrigin } from '../auth/origins.ts'
import { verifyBitcoin, verifyEvm, verifySolana, type SignatureCheck } from '../auth/verify.ts'
import { revokeCosignerPermission } from './cosigner.ts'

const NonceQuery = v.object({ ...SdkQuery, address: AnyAddress })
const Authenticate = v.object({
  message: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(8192, 'is longer than 8192 characters')),
  signature: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(8192, 'is longer than 8192 characters')),
})
const AddressParams = v.object({ address: AnyAddress })
const Revoke = v.object({
  pci: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'must be a session id')),
  signature: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(8192, 'is longer than 8192 characters')),
})

/** Clock skew tolerated on Issued At. */
const SKEW_MS = 60_000

/** The request's origin must be allowed for the project, and the message must name it as domain and URI. */
function checkOrigin(ctx: RouteContext, f: SiwxFields): void {
  const origin = requireSiteOrigin(ctx)
  const host = new URL(origin).host
  if (f.domain !== host) throw new HttpError(403, `domain: the message is for ${f.domain}, the request comes from ${host}`)
  let uriOrigin: string
  try {
    uriOrigin = new URL(f.uri).origin
  } catch {
    throw new HttpError(400, 'message: URI is not a URI')
  }
  if (uriOrigin !== origin) throw new HttpError(403, `uri: the message's URI ${f.uri} is not on ${origin}`)
}

function checkTimes(f: SiwxFields, now: number): void {
  if (f.expirationTime && Date.parse(f.expirationTime) <= now) throw new HttpError(400, `message: expired at ${f.expirationTime}`)
  if (f.notBefore && Date.parse(f.notBefore) > now) throw new HttpError(400, `message: not valid before ${f.notBefore}`)
  if (f.issuedAt && Date.parse(f.issuedAt) > now + SKEW_MS) throw new HttpError(400, `message: issued in the future (${f.issuedAt})`)
}

/** Verifies a signature by `address` on `chainId` (EVM through that chain, Solana by ed25519, Bitcoin by BIP-322 or BIP-137). */
async function checkSignature(state: ServerState, chainId: string, address: string, message: string, signature: string): Promise<SignatureCheck> {
  if (chainId.startsWith('solana:')) return verifySolana(address, message, signature)
  if (chainId.startsWith('bip122:')) {
    const check = verifyBitcoin(chainId, address, message, signature)
    if (!check) throw new HttpError(400, `chainId: ${chainId} is not a chain this service verifies on`)
    return check
  }
  const chain = evmChainByCaip(state, chainId)
  if (!chain) throw new HttpError(400, `chainId: ${chainId} is not a chain this service verifies on`)
  return verifyEvm(chain, address, message, signature)
}

export const authRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/auth\/v1\/nonce$/,
    access: 'query',
    async handle({ state, query }) {
      const { projectId, address } = parse(NonceQuery, query, 'query')
      return { json: await issueNonce(state.db, projectId, address) }
    },
  },
  {
    method: 'POST',
    path: /^\/auth\/v1\/authenticate$/,
    access: 'query',
    // A message and a signature of up to 8192 characters each, any of them up to 3 bytes of UTF-8.
    maxBody: 64 * 1024,
    async handle(ctx) {
      const { state, query, body } = ctx
      const { projectId } = parse(v.object(SdkQuery), query, 'query')
      const { message, signature } = parse(Authenticate, body, 'body')
      let f: SiwxFields
      try {
        f = parseSiwxMessage(message)
      } catch (error) {
        if (error instanceof MessageError) throw new HttpError(400, error.message)
        throw error
      }
      if (f.version !== '1') throw new HttpError(400, 'message: Version must be 1')
      if (!/^(eip155|solana|bip122):/.test(f.chainId)) throw new HttpError(400, `chainId: ${f.chainId} is not an eip155, solana or bip122 chain`)
      if (f.address.startsWith('0x') !== f.chainId.startsWith('eip155:')) throw new HttpError(400, 'message: the address does not belong to the chain')
      checkOrigin(ctx, f)
      checkTimes(f, Date.now())
      // The nonce is spent before any signature work: an unknown or spent nonce costs no RPC call
      // (ERC-1271/6492 run contract code the caller chose), and each nonce buys one try.
      await spendNonce(state.db, projectId, f)
      const check = await checkSignature(state, f.chainId, f.address, message, signature)
      if (!check.ok) throw new HttpError(401, `signature: not a valid signature of the message by ${f.address}`)
      const session = await saveSession(state.db, projectId, f, message, signature, toCacao(f, signature, check.type))
      return { json: { session } }
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/sessions\/(?<address>[^/]+)$/,
    access: 'query',
    async handle({ state, params, query }) {
      const { address } = parse(AddressParams, params, 'path')
      const { projectId } = parse(v.object(SdkQuery), query, 'query')
      return { json: { sessions: await listSessions(state.db, projectId, address) } }
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/sessions\/(?<address>[^/]+)\/revoke$/,
    access: 'query',
    async handle(ctx) {
      // A CAIP-10 address: the smart-session co-signer's revoke, same path and body shape (AppKit's CosignerService).
      if (ctx.params['address']?.startsWith('eip155:')) return revokeCosignerPermission(ctx)
      const { state, params, query, body } = ctx
      const { address } = parse(AddressParams, params, 'path')
      const { projectId } = parse(v.object(SdkQuery), query, 'query')
      const { pci, signature } = parse(Revoke, body, 'body')
      const session = await findSession(state.db, projectId, address, pci)
      if (!session) throw new HttpError(404, `pci: no live session ${pci} for ${address}`)
      const check = await checkSignature(state, session.chainId, session.address, revokeMessage(session.address, pci), signature)
      if (!check.ok) throw new HttpError(401, `signature: the revoke is not signed by ${session.address}`)
      await revokeSession(state.db, pci)
      return { json: { success: true } }
    },
  },
]
