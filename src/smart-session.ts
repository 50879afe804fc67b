// postern/experimental/smart-session: AppKit 1.8's @reown/appkit-experimental/smart-session under
// its names, on ERC-7715 as the connected wallet has it. As in AppKit, the co-signer service
// (smart-session/cosigner.ts; the reference server's on the dev stack) gives a key of its own that
// joins the site's; the permission's context is the co-signer's pci, which the site's server then
// uses with wallet_prepareCalls / wallet_sendPreparedCalls. The embedded wallet's smart account
// (features.smartSessions) makes the co-signer's key its session key and enforces the call targets
// and expiry; the co-signer holds the site's keys and functions to the request.
import * as v from 'valibot'
import { getCurrentInstance } from './instance'
import { showToast } from './signals/toast'
import { readSessions, type Provider } from './utils/smart-session-logs'
import { ERROR_MESSAGES, validateRequest } from './smart-session/schema'
import { cosignerService } from './smart-session/cosigner'
import { revokeMessage } from './smart-session/revoke-message'
import { signWithProvider } from './utils/wallet-sign'
import type {
  CreateSubscriptionRequest, CreateSubscriptionResponse, Permission, SmartSession, SmartSessionGrantPermissionsRequest, SmartSessionGrantPermissionsResponse,
} from './smart-session/types'

export * from './smart-session/types'
export { ERROR_MESSAGES } from './smart-session/schema'
export { CoSignerApiError, setCosignerUrl } from './smart-session/cosigner'

const ERC7715_METHOD = 'wallet_grantPermissions'
const Hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/))
/** The embedded wallet's answer (secure/smart-session.ts). */
const EmbeddedGrant = v.object({ expiry: v.number(), permissionsContext: Hex })
/** AppKit's assertWalletGrantPermissionsResponse, as a schema. */
const WalletGrant = v.looseObject({ permissions: v.array(v.unknown()), context: v.string(), expiry: v.number(), signer: v.unknown(), chainId: Hex, address: v.optional(Hex) })
const BlockTime = v.object({ timestamp: Hex })

type WcProvider = Provider & { session?: { namespaces?: Record<string, { methods?: string[] }> } }

function connected() {
  const kit = getCurrentInstance()
  const provider = kit?.getProvider<WcProvider>('eip155')
  if (!kit || !provider) return undefined
  const account = kit.getAccount('eip155')
  const [namespace, chain, address] = (account.caipAddress ?? '').split(':')
  if (namespace !== 'eip155' || !chain || !address?.startsWith('0x')) return undefined
  const type = kit.getProviderType('eip155')
  const smart = account.allAccounts.find((a) => a.address.toLowerCase() === address.toLowerCase())?.type === 'smartAccount'
  return { kit, provider, type, chain, address: address as `0x${string}`, smart }
}

/** AppKit's isSmartSessionSupported: a wallet that takes wallet_grantPermissions is connected. */
export function isSmartSessionSupported(): boolean {
  const c = connected()
  if (!c) return false
  if (c.type === 'WALLET_CONNECT') return (c.provider.session?.namespaces?.['eip155']?.methods ?? []).includes(ERC7715_METHOD)
  // The embedded wallet grants sessions from its smart account only.
  if (c.type === 'AUTH') return c.smart
  return true
}

const unsupported = (kind: string, type: string) => new Error(`${kind} type ${type} is not supported by the connected wallet`)

/**
 * The request in the embedded wallet's terms, for the co-signer's key; what it cannot enforce is
 * refused before anything leaves the page, never widened silently.
 */
function forEmbeddedWallet(request: SmartSessionGrantPermissionsRequest) {
  for (const key of request.signer.data.keys) if (key.type !== 'secp256k1') throw unsupported('Signer key', key.type)
  for (const policy of request.policies) throw unsupported('Policy', policy.type)
  const permissions = request.permissions.map((p: Permission) => {
    if (p.type !== 'contract-call') throw unsupported('Permission', p.type)
    return { type: 'contract-call' as const, data: { address: p.data.address } }
  })
  return (cosignerKey: `0x${string}`) => ({ chainId: request.chainId, expiry: request.expiry, signer: { type: 'key', data: { type: 'secp256k1', publicKey: cosignerKey } }, permissions })
}

/** AppKit's grantPermissions: the co-signer's key joins the site's, the wallet approves, the co-signer activates. */
export async function grantPermissions(request: SmartSessionGrantPermissionsRequest): Promise<SmartSessionGrantPermissionsResponse> {
  const valid = validateRequest(request)
  if (!isSmartSessionSupported()) throw new Error('Wallet does not support `wallet_grantPermissions` method')
  const c = connected()
  if (!c) throw new Error(ERROR_MESSAGES.INVALID_ADDRESS)
  const embedded = c.type === 'AUTH' ? forEmbeddedWallet(valid) : undefined
  const caipAddress = `eip155:${c.chain}:${c.address}`
  const cosigner = cosignerService(c.kit.store)
  const added = await cosigner.addPermission(caipAddress, valid)
  if (embedded) {
    const answer = v.safeParse(EmbeddedGrant, await c.provider.request({ method: ERC7715_METHOD, params: [embedded(added.key.publicKey)] }))
    if (!answer.success) throw new Error(ERROR_MESSAGES.INVALID_GRANT_PERMISSIONS_RESPONSE)
    const granted = { chainId: valid.chainId, address: valid.address ?? c.address, expiry: answer.output.expiry, permissions: valid.permissions }
    await cosigner.activatePermissions(caipAddress, { pci: added.pci, ...granted, context: answer.output.permissionsContext, signer: { type: 'keys', data: { keys: [added.key, ...valid.signer.data.keys] } } })
    return { ...granted, context: added.pci }
  }
  // AppKit's updateRequestSigner: the co-signer's key first.
  const signer = { type: 'keys' as const, data: { keys: [added.key, ...valid.signer.data.keys] } }
  const raw = await c.provider.request({ method: ERC7715_METHOD, params: [{ ...valid, signer, version: 2 }] })
  if (!raw) throw new Error(ERROR_MESSAGES.NO_RESPONSE_RECEIVED)
  const answer = v.safeParse(WalletGrant, raw)
  if (!answer.success) throw new Error(ERROR_MESSAGES.INVALID_GRANT_PERMISSIONS_RESPONSE)
  const r = answer.output
  await cosigner.activatePermissions(caipAddress, { pci: added.pci, ...r })
  return { permissions: r.permissions as Permission[], context: added.pci, expiry: r.expiry, address: (r.address || c.address) as `0x${string}`, chainId: r.chainId as `0x${string}` }
}

/** AppKit's getSmartSessions: the connected smart account's live sessions, read from its own events. */
export async function getSmartSessions(): Promise<SmartSession[]> {
  const c = connected()
  if (!c || c.type !== 'AUTH' || !c.smart) return []
  const { metadata, projectId } = c.kit.store.options
  try {
    const sessions = await readSessions(c.provider, c.address, Date.now() / 1000)
    return await Promise.all(sessions.map(async (s) => {
      const block = s.block ? v.safeParse(BlockTime, await c.provider.request({ method: 'eth_getBlockByNumber', params: [s.block, false] })) : undefined
      return {
        project: { id: projectId, name: metadata?.name ?? '', url: metadata?.url },
        pci: s.key, context: s.key, expiry: s.until, createdAt: block?.success ? Number(block.output.timestamp) : Number.NaN,
        // The account keeps the call targets, not the request's permission objects.
        permissions: [], policies: [],
      }
    }))
  } catch {
    showToast(c.kit.store, 'error', 'Error fetching smart sessions')
    return []
  }
}

const SESSION_KEY = /^0x[0-9a-fA-F]{40}$/

/**
 * AppKit's revokeSmartSession. A co-signer permission (its pci, as grantPermissions returned it):
 * the account signs the revoke and the co-signer ends the permission, as AppKit's
 * CosignerService.revokePermissions. A session the embedded wallet listed (its key, from
 * getSmartSessions): the wallet revokes it on chain (approved there). A failure shows AppKit's error.
 */
export async function revokeSmartSession(session: SmartSession): Promise<void> {
  const c = connected()
  try {
    if (!c) throw new Error(ERROR_MESSAGES.INVALID_ADDRESS)
    if (SESSION_KEY.test(session.pci)) {
      await c.provider.request({ method: 'wallet_revokePermissions', params: [{ permissionsContext: session.pci }] })
      return
    }
    const signature = v.parse(Hex, await signWithProvider(c.provider, 'eip155', c.address, revokeMessage(c.chain, c.address, session.pci)))
    await cosignerService(c.kit.store).revokePermissions(`eip155:${c.chain}:${c.address}`, session.pci, signature as `0x${string}`)
  } catch {
    const store = getCurrentInstance()?.store
    if (store) showToast(store, 'error', 'Error revoking smart session')
  }
}

const INTERVAL_S = { '1s': 1, '1d': 86_400, '1w': 604_800, '1m': 2_592_000 } as const

/** AppKit's createSubscription: a recurring native allowance for the key, through grantPermissions. */
export async function createSubscription(request: CreateSubscriptionRequest): Promise<CreateSubscriptionResponse> {
  if (request.asset !== 'native') throw new Error('Invalid asset')
  return grantPermissions({
    chainId: request.chainId, expiry: request.expiry, policies: [],
    signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: request.signerPublicKey }] } },
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: request.amount, start: Date.now(), period: INTERVAL_S[request.interval] } }],
  })
}
