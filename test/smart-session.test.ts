// postern/experimental/smart-session: AppKit 1.8's names, and grantPermissions and friends against
// the embedded wallet's own ERC-7715 handler (secure/smart-session.ts, with its user operation and
// approval stood in), reached through the connected account's provider as a site reaches it, and
// AppKit's co-signer requests (answered here by a stand-in; test/server/cosigner.test.ts and the
// e2e run the reference server's).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { recoverMessageAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as smart from '../src/smart-session'
import { grantSession, revokeSession } from '../secure/smart-session'
import { setAccountState } from '../src/signals/account'
import { applyConnection } from '../src/signals/wallet'
import { GRANTED } from '../src/utils/smart-session-logs'
import { revokeMessage } from '../src/smart-session/revoke-message'
import type { ChainAdapter, Connector } from '../src/types'
import { appkitNames } from './appkit-entries'
import { kitWith, resetDom } from './render'

const test = suite('postern/experimental/smart-session')
const SMART = '0x2222222222222222222222222222222222222222'
const EOA = '0x1111111111111111111111111111111111111111'
const STORAGE = '0x3333333333333333333333333333333333333333'
const sessionKey = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const auth: Connector = { id: 'AUTH', uid: 'eip155:AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }
const inADay = () => Math.floor(Date.now() / 1000) + 86_400
const cosignerKey = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const PCI = '2f1c1b1e-5d4c-4b3a-9a8f-7e6d5c4b3a21'
const COSIGNER = 'http://cosigner.test/v1/sessions'
/** Signs for the smart account in the stand-in wallet (ERC-1271 is the reference server's to check). */
const accountSigner = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')

/** The co-signer's endpoints as AppKit calls them: what was posted, and the answers given. */
function cosignerStandIn(addReply: () => Response = () => Response.json({ pci: PCI, key: { type: 'secp256k1', publicKey: cosignerKey.publicKey } }), revokeReply = () => new Response(null, { status: 204 })) {
  const calls: { url: string; body: unknown }[] = []
  const original = globalThis.fetch
  smart.setCosignerUrl(COSIGNER)
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    if (!url.startsWith(COSIGNER)) return original(input, init)
    calls.push({ url, body: JSON.parse(String(init?.body)) })
    if (url.includes('/revoke?')) return revokeReply()
    return url.includes('/activate?') ? new Response(null, { status: 204 }) : addReply()
  }) as typeof fetch
  return { calls, restore: () => ((globalThis.fetch = original), smart.setCosignerUrl(undefined)) }
}

/** The embedded wallet's provider: wallet_grantPermissions and wallet_revokePermissions go to the secure site's handlers. */
function embeddedWallet() {
  const requests: { method: string; params?: unknown }[] = []
  const ctx = (params: unknown) => ({
    sc: {
      bundler: { waitForUserOperationReceipt: async () => ({ success: true }) },
      client: { readContract: async () => [0, 0, 0, true] },
    } as never,
    address: SMART as `0x${string}`, params, ask: async () => undefined, sendOp: async () => '0xabc' as `0x${string}`,
  })
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      requests.push({ method, params })
      if (method === 'wallet_grantPermissions') return grantSession(ctx(params))
      if (method === 'wallet_revokePermissions') return revokeSession(ctx(params))
      if (method === 'eth_getLogs') return [{ topics: [GRANTED, `0x${'0'.repeat(24)}${sessionKey.address.slice(2).toLowerCase()}`], data: `0x${inADay().toString(16).padStart(64, '0')}${'0'.repeat(64)}`, blockNumber: '0x10' }]
      if (method === 'eth_getBlockByNumber') return { timestamp: '0x6553f100' }
      if (method === 'personal_sign') return accountSigner.signMessage({ message: { raw: (params as [Hex])[0] } })
      throw new Error(`unexpected ${method}`)
    },
  }
  return { provider, requests }
}

function connectEmbedded(type: 'smartAccount' | 'eoa' = 'smartAccount') {
  resetDom()
  const wallet = embeddedWallet()
  const adapter = { namespace: 'eip155', setup() {}, getProvider: () => wallet.provider } as unknown as ChainAdapter
  const kit = kitWith({ adapters: [adapter], features: { analytics: false, smartSessions: true } })
  kit.store.connection.connectors.value = [auth]
  const address = type === 'smartAccount' ? SMART : EOA
  applyConnection(kit.store, auth, address, 1)
  setAccountState(kit.store, 'eip155', { allAccounts: [{ address: SMART, type: 'smartAccount' }, { address: EOA, type: 'eoa' }] })
  return { kit, ...wallet }
}

const request = (over: Partial<smart.SmartSessionGrantPermissionsRequest> = {}): smart.SmartSessionGrantPermissionsRequest => ({
  chainId: '0x1', address: SMART, expiry: inADay(), policies: [],
  signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: sessionKey.publicKey }] } },
  permissions: [{ type: 'contract-call', data: { address: STORAGE, abi: [], functions: [{ functionName: 'store' }] } }],
  ...over,
})

test('exports: AppKit\'s names but for its Lit views', () => {
  assert.equal(appkitNames('experimental/smart-session', smart).missing, ['W3mSmartSessionCreatedView', 'W3mSmartSessionListView', 'WuiPermissionContractCall'])
})

test('behavior: grantPermissions asks the co-signer for its key, has the smart account grant that key, then activates', async () => {
  const { requests } = connectEmbedded()
  const cosigner = cosignerStandIn()
  try {
    assert.is(smart.isSmartSessionSupported(), true)
    const answer = await smart.grantPermissions(request())
    const address = encodeURIComponent(`eip155:1:${SMART}`)
    assert.equal(cosigner.calls.map((c) => c.url), [`${COSIGNER}/${address}?projectId=test&v=2`, `${COSIGNER}/${address}/activate?projectId=test`])
    assert.equal(cosigner.calls[0]!.body, request({ expiry: answer.expiry }))
    assert.equal(requests.map((r) => r.method), ['wallet_grantPermissions'])
    // The account's session key is the co-signer's; the site's key stays with the co-signer.
    assert.equal((requests[0]!.params as unknown[])[0], {
      chainId: '0x1', expiry: answer.expiry, permissions: [{ type: 'contract-call', data: { address: STORAGE } }],
      signer: { type: 'key', data: { type: 'secp256k1', publicKey: cosignerKey.publicKey } },
    })
    assert.equal(cosigner.calls[1]!.body, {
      pci: PCI, chainId: '0x1', address: SMART, expiry: answer.expiry, permissions: request().permissions, context: cosignerKey.address,
      signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: cosignerKey.publicKey }, { type: 'secp256k1', publicKey: sessionKey.publicKey }] } },
    })
    assert.equal(answer, { chainId: '0x1', address: SMART, expiry: answer.expiry, permissions: request().permissions, context: PCI })
  } finally {
    cosigner.restore()
  }
})

test('protection: the co-signer\'s refusal or a malformed answer stops the grant before the wallet is asked', async () => {
  const { requests } = connectEmbedded()
  for (const [reply, message] of [
    [() => new Response('chainId: eip155:1 has no smart accounts on this service', { status: 400 }), 'chainId: eip155:1 has no smart accounts on this service'],
    [() => Response.json({ pci: PCI, key: { type: 'ed25519', publicKey: '0x01' } }), 'Invalid add permission response'],
  ] as const) {
    const cosigner = cosignerStandIn(reply)
    try {
      await smart.grantPermissions(request())
      assert.unreachable('granted')
    } catch (error) {
      assert.is((error as Error).message, message)
      if (message.startsWith('chainId')) assert.instance(error, smart.CoSignerApiError)
    } finally {
      cosigner.restore()
    }
  }
  assert.equal(requests, [])
})

test('protection: a malformed request fails with AppKit\'s message before anything reaches the co-signer or the wallet', async () => {
  const { requests } = connectEmbedded()
  const cosigner = cosignerStandIn()
  const fails = async (r: unknown, message: RegExp) => {
    try {
      await smart.grantPermissions(r as smart.SmartSessionGrantPermissionsRequest)
      assert.unreachable('granted')
    } catch (error) {
      assert.match((error as Error).message, message)
    }
  }
  await fails(request({ expiry: 1000 }), /^Invalid expiry: Invalid expiry: Expiry must be a future timestamp$/)
  await fails(request({ chainId: '1' as `0x${string}` }), /Invalid chainId: Invalid chainId: must start with "0x"/)
  await fails(request({ permissions: [] }), /Invalid permissions: must be a non-empty array/)
  await fails({ ...request(), extra: true }, /Invalid extra/)
  cosigner.restore()
  assert.equal(requests, [])
  assert.equal(cosigner.calls, [])
})

test('protection: a scope the embedded wallet cannot enforce is refused, never widened, before the co-signer is asked', async () => {
  const { requests } = connectEmbedded()
  const cosigner = cosignerStandIn()
  try {
    await smart.createSubscription({ chainId: '0x1', signerPublicKey: sessionKey.publicKey, interval: '1d', asset: 'native', amount: '0x10', expiry: inADay() })
    assert.unreachable('granted')
  } catch (error) {
    assert.is((error as Error).message, 'Permission type native-token-recurring-allowance is not supported by the connected wallet')
  }
  try {
    await smart.grantPermissions(request({ policies: [{ type: 'gas-limit', data: {} }] }))
    assert.unreachable('granted')
  } catch (error) {
    assert.is((error as Error).message, 'Policy type gas-limit is not supported by the connected wallet')
  }
  cosigner.restore()
  assert.equal(requests, [])
  assert.equal(cosigner.calls, [])
})

test('behavior: isSmartSessionSupported needs a connection, and the embedded wallet\'s smart account', async () => {
  resetDom()
  kitWith({ features: { analytics: false } })
  assert.is(smart.isSmartSessionSupported(), false)
  connectEmbedded('eoa')
  assert.is(smart.isSmartSessionSupported(), false)
  try {
    await smart.grantPermissions(request())
    assert.unreachable('granted')
  } catch (error) {
    assert.is((error as Error).message, 'Wallet does not support `wallet_grantPermissions` method')
  }
})

test('behavior: getSmartSessions lists the account\'s live sessions; revokeSmartSession asks the wallet', async () => {
  const { requests } = connectEmbedded()
  const sessions = await smart.getSmartSessions()
  assert.is(sessions.length, 1)
  assert.is(sessions[0]!.pci, sessionKey.address.toLowerCase())
  assert.is(sessions[0]!.createdAt, 0x6553f100)
  assert.ok(sessions[0]!.expiry > Date.now() / 1000)
  await smart.revokeSmartSession(sessions[0]!)
  assert.equal(requests.at(-1), { method: 'wallet_revokePermissions', params: [{ permissionsContext: sessionKey.address.toLowerCase() }] })
})

const cosignerSession = (pci = PCI): smart.SmartSession => ({ project: { id: 'test', name: 'Test' }, pci, context: pci, expiry: inADay(), createdAt: 0, permissions: [], policies: [] })

test('behavior: revokeSmartSession of a co-signer permission has the account sign its revoke, then the co-signer ends it', async () => {
  const { kit, requests } = connectEmbedded()
  const cosigner = cosignerStandIn()
  try {
    await smart.revokeSmartSession(cosignerSession())
    assert.equal(requests.map((r) => r.method), ['personal_sign'])
    assert.equal(cosigner.calls.map((c) => c.url), [`${COSIGNER}/${encodeURIComponent(`eip155:1:${SMART}`)}/revoke?projectId=test`])
    const { pci, signature } = cosigner.calls[0]!.body as { pci: string; signature: Hex }
    assert.is(pci, PCI)
    assert.is(await recoverMessageAddress({ message: revokeMessage(1, SMART, PCI), signature }), accountSigner.address)
    assert.is(kit.store.toast.current.value, null)
  } finally {
    cosigner.restore()
  }
})

test('protection: a revoke the co-signer refuses shows AppKit\'s error, and nothing is revoked without a connection', async () => {
  const { kit } = connectEmbedded()
  const cosigner = cosignerStandIn(undefined, () => new Response('signature: not the account\'s signature', { status: 401 }))
  try {
    await smart.revokeSmartSession(cosignerSession())
    assert.is(kit.store.toast.current.value?.message, 'Error revoking smart session')
    resetDom()
    const bare = kitWith({ features: { analytics: false } })
    await smart.revokeSmartSession(cosignerSession())
    assert.is(bare.store.toast.current.value?.message, 'Error revoking smart session')
    assert.is(cosigner.calls.length, 1)
  } finally {
    cosigner.restore()
  }
})

test.run()
