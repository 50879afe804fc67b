// The smart-session co-signer (server/routes/cosigner.ts, wallet-rpc.ts) on a local chain with its
// bundler: a permission's key, the account's grant of it, activation, then a site's server runs
// wallet_prepareCalls / wallet_sendPreparedCalls / wallet_getCallsStatus as AppKit's example does,
// and the call lands. Then the attacks: a forged or foreign context, someone else's account,
// a replay, calls outside the permission, a signature by another key, a revoked session, and the
// co-signer's revoke (AppKit's CosignerService.revokePermissions) with a forged or foreign signature.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, encodeFunctionData, http, parseEther, testActions, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, publicKeyToAddress } from 'viem/accounts'
import { createBundlerClient } from 'viem/account-abstraction'
import { startChains, toViemChain, type LocalChains } from '../../dev/chains/index.ts'
import { startAccountAbstraction, type AccountAbstraction } from '../../dev/aa/index.ts'
import { placeStorage, storageAbi } from '../../dev/chains/storage.ts'
import { sessionAbi, toPosternSmartAccount } from '../../secure/smart-account.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { revokeMessage } from '../../src/smart-session/revoke-message.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ chains?: LocalChains; aa?: AccountAbstraction; api?: ApiServer }>('server: smart-session co-signer', {})
const watchdog = setTimeout(() => {
  console.error('cosigner.test.ts: timed out')
  process.exit(1)
}, watchdogMs(240_000))

const ORIGIN = 'http://127.0.0.1:5173'
const STORAGE = '0x2d506af8f3499b1e49aced92b72be8c22616ed95' as Address
const inADay = () => Math.floor(Date.now() / 1000) + 86_400

test.before(async (ctx) => {
  try {
    ctx.chains = await startChains({ chainIds: [1] })
    ctx.aa = await startAccountAbstraction(ctx.chains.chains)
    const { entryPoint, factory, bundlerUrls } = ctx.aa
    ctx.api = await startApiServer({ chains: ctx.chains.chains, indexer: false, emailAuth: { shareKey: '11'.repeat(32) }, smartAccounts: { entryPoint, factory, bundlerUrls } })
    await placeStorage(ctx.chains.chains[0]!.rpcUrl, STORAGE)
  } catch (error) {
    console.error('cosigner.test.ts: set-up failed:', error)
    throw error
  }
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.aa?.stop()
  await ctx.chains?.stop()
  clearTimeout(watchdog)
})

/** A smart account on chain 1, deployed and funded, and its owner's user operations. */
async function ownedAccount(ctx: { chains?: LocalChains; aa?: AccountAbstraction }) {
  const chain = ctx.chains!.chains[0]!
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) }).extend(testActions({ mode: 'anvil' }))
  const account = await toPosternSmartAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), factory: ctx.aa!.factory, chainId: 1 })
  const address = await account.getAddress()
  await client.setBalance({ address, value: parseEther('1') })
  const bundler = createBundlerClient({ account, client, transport: http(ctx.aa!.bundlerUrls['eip155:1']) })
  const selfCall = async (data: Hex) => {
    const hash = await bundler.sendUserOperation({ calls: [{ to: address, data }] })
    assert.ok((await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 60_000 })).success)
  }
  return { client, account, address, selfCall }
}

const request = (address: Address, siteKey: Hex, over: Record<string, unknown> = {}) => ({
  chainId: '0x1', address, expiry: inADay(), policies: [],
  signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: siteKey }] } },
  permissions: [{ type: 'contract-call', data: { address: STORAGE, abi: [...storageAbi], functions: [{ functionName: 'store' }] } }],
  ...over,
})

async function post(url: string, body: unknown, origin: string | null = ORIGIN) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) }, body: JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) as Record<string, any> : undefined }
}
const sessions = (api: ApiServer, address: Address, tail = '', projectId = 'test') =>
  `${api.url}/v1/sessions/${encodeURIComponent(`eip155:1:${address}`)}${tail}?projectId=${projectId}`
async function rpc(api: ApiServer, method: string, params: unknown[], projectId = 'test') {
  const { json } = await post(`${api.url}/v1/wallet?projectId=${projectId}`, { jsonrpc: '2.0', id: '1', method, params }, null)
  return json as { result?: any; error?: { code: number; message: string } }
}
const storeCall = (from: Address, context: string, over: Record<string, unknown> = {}) => ({
  from, chainId: '0x1', capabilities: { permissions: { context } },
  calls: [{ to: STORAGE, data: encodeFunctionData({ abi: storageAbi, functionName: 'store', args: [42n] }), value: '0x0' }],
  ...over,
})

/** A permission granted by the account and activated at the co-signer: its pci and the site's key. */
async function grantedPermission(ctx: { chains?: LocalChains; aa?: AccountAbstraction; api?: ApiServer }) {
  const owner = await ownedAccount(ctx)
  const siteKey = privateKeyToAccount(generatePrivateKey())
  const added = await post(sessions(ctx.api!, owner.address, '', 'test') + '&v=2', request(owner.address, siteKey.publicKey))
  assert.is(added.status, 200, JSON.stringify(added.json))
  const { pci, key } = added.json as { pci: string; key: { type: string; publicKey: Hex } }
  assert.is(key.type, 'secp256k1')
  const cosigner = publicKeyToAddress(key.publicKey)
  await owner.selfCall(encodeFunctionData({ abi: sessionAbi, functionName: 'grantSession', args: [cosigner, [STORAGE], 0n, inADay()] }))
  const activated = await post(sessions(ctx.api!, owner.address, '/activate'), { pci, context: cosigner })
  assert.is(activated.status, 204, JSON.stringify(activated.json))
  return { ...owner, pci, siteKey, cosigner }
}

test('behavior: a granted permission runs the site\'s call through prepareCalls, the site key\'s signature and sendPreparedCalls', async (ctx) => {
  const { client, address, pci, siteKey } = await grantedPermission(ctx)
  const prepared = await rpc(ctx.api!, 'wallet_prepareCalls', [storeCall(address, pci)])
  assert.is(prepared.error, undefined)
  const [{ preparedCalls, signatureRequest, context }] = prepared.result
  assert.is(preparedCalls.type, 'user-operation-v07')
  assert.is(preparedCalls.data.sender.toLowerCase(), address.toLowerCase())
  const signature = await siteKey.signMessage({ message: { raw: signatureRequest.hash } })
  const sent = await rpc(ctx.api!, 'wallet_sendPreparedCalls', [{ context, preparedCalls, signature }])
  assert.is(sent.error, undefined)
  const [id] = sent.result as [Hex]
  assert.is(id, signatureRequest.hash)
  let status: any
  for (let i = 0; i < 120 && status?.status !== 'CONFIRMED'; i++, await new Promise((r) => setTimeout(r, 250))) status = (await rpc(ctx.api!, 'wallet_getCallsStatus', [id])).result
  assert.is(status.status, 'CONFIRMED')
  assert.is(status.receipts[0].status, '0x1')
  assert.is(await client.readContract({ address: STORAGE, abi: storageAbi, functionName: 'retrieve' }), 42n)

  // Replay: the same prepared calls are sent once.
  assert.equal((await rpc(ctx.api!, 'wallet_sendPreparedCalls', [{ context, preparedCalls, signature }])).error?.message, 'These prepared calls were already sent')
})

test('protection: a forged context, another project\'s, or one the wallet never granted prepares nothing', async (ctx) => {
  const { address, pci } = await grantedPermission(ctx)
  const refused = async (params: unknown, projectId = 'test') => (await rpc(ctx.api!, 'wallet_prepareCalls', [params], projectId)).error?.message
  assert.is(await refused(storeCall(address, crypto.randomUUID())), 'Unknown permissions context')
  assert.is(await refused(storeCall(address, pci), 'postern-demo'), 'Unknown permissions context')

  // Added at the co-signer, never granted by the account: activation reads the chain and refuses.
  const owner = await ownedAccount(ctx)
  const siteKey = privateKeyToAccount(generatePrivateKey())
  const added = await post(`${sessions(ctx.api!, owner.address)}&v=2`, request(owner.address, siteKey.publicKey))
  const forged = await post(sessions(ctx.api!, owner.address, '/activate'), { pci: added.json!['pci'], context: '0x' + '00'.repeat(20) })
  assert.is(forged.status, 400)
  assert.match(forged.json!['reason'], /has not granted the co-signer's key/)
  assert.is(await refused(storeCall(owner.address, added.json!['pci'])), 'The permission is not active: the wallet has not granted it')
})

test('protection: someone else\'s permission does not act for another account, nor activate under another address or site', async (ctx) => {
  const mine = await grantedPermission(ctx)
  const other = await ownedAccount(ctx)
  assert.is((await rpc(ctx.api!, 'wallet_prepareCalls', [storeCall(other.address, mine.pci)])).error?.message, 'The permissions context belongs to another account')
  const siteKey = privateKeyToAccount(generatePrivateKey())
  const added = await post(`${sessions(ctx.api!, other.address)}&v=2`, request(other.address, siteKey.publicKey))
  assert.is((await post(sessions(ctx.api!, mine.address, '/activate'), { pci: added.json!['pci'] })).status, 404)
  assert.is((await post(`${sessions(ctx.api!, other.address)}&v=2`, request(other.address, siteKey.publicKey), 'https://evil.example')).status, 403)
  assert.is((await post(`${sessions(ctx.api!, other.address)}&v=2`, request(mine.address, siteKey.publicKey))).status, 400)
})

test('protection: calls outside the permission, a signature by another key, and a revoked session are refused', async (ctx) => {
  const { address, pci, siteKey, cosigner, selfCall } = await grantedPermission(ctx)
  const refused = async (over: Record<string, unknown>) => (await rpc(ctx.api!, 'wallet_prepareCalls', [storeCall(address, pci, over)])).error?.message
  const outside = `The call to ${STORAGE} is outside the granted permission`
  assert.is(await refused({ calls: [{ to: STORAGE, data: encodeFunctionData({ abi: storageAbi, functionName: 'retrieve' }) }] }), outside)
  assert.is(await refused({ calls: [{ to: STORAGE, data: encodeFunctionData({ abi: storageAbi, functionName: 'store', args: [1n] }), value: '0x1' }] }), outside)
  const elsewhere = privateKeyToAccount(generatePrivateKey()).address
  assert.is(await refused({ calls: [{ to: elsewhere, data: encodeFunctionData({ abi: storageAbi, functionName: 'store', args: [1n] }) }] }), `The call to ${elsewhere} is outside the granted permission`)
  assert.match(await refused({ calls: [] }) ?? '', /must hold a call/)

  const [{ preparedCalls, signatureRequest, context }] = (await rpc(ctx.api!, 'wallet_prepareCalls', [storeCall(address, pci)])).result
  const stranger = privateKeyToAccount(generatePrivateKey())
  const bySomeoneElse = await rpc(ctx.api!, 'wallet_sendPreparedCalls', [{ context, preparedCalls, signature: await stranger.signMessage({ message: { raw: signatureRequest.hash } }) }])
  assert.is(bySomeoneElse.error?.message, 'signature: not a signature of the prepared hash by a key of the permission')
  const otherHash = await rpc(ctx.api!, 'wallet_sendPreparedCalls', [{ context, preparedCalls, signature: await siteKey.signMessage({ message: { raw: `0x${'ab'.repeat(32)}` } }) }])
  assert.is(otherHash.error?.message, 'signature: not a signature of the prepared hash by a key of the permission')
  const swapped = await rpc(ctx.api!, 'wallet_sendPreparedCalls', [{ context, preparedCalls: { ...preparedCalls, data: { ...preparedCalls.data, callData: '0x' } }, signature: await siteKey.signMessage({ message: { raw: signatureRequest.hash } }) }])
  assert.is(swapped.error?.message, 'preparedCalls: not the calls prepared under this context')

  // The owner revokes the co-signer's key in the account: nothing more is prepared.
  await selfCall(encodeFunctionData({ abi: sessionAbi, functionName: 'revokeSession', args: [cosigner] }))
  assert.is(await refused({}), 'The session was revoked in the wallet or has expired')
})

test('protection: only the account\'s own signature revokes a permission, and a revoked context prepares and sends nothing', async (ctx) => {
  const { address, account, pci, siteKey } = await grantedPermission(ctx)
  const [{ preparedCalls, signatureRequest, context }] = (await rpc(ctx.api!, 'wallet_prepareCalls', [storeCall(address, pci)])).result
  const message = revokeMessage(1, address, pci)
  const revoke = (signature: Hex, at = address, origin: string | null = ORIGIN) => post(sessions(ctx.api!, at, '/revoke'), { pci, signature }, origin)

  // Forged: a stranger's key, the site's own key, the account's signature of another permission's revoke.
  assert.is((await revoke(await privateKeyToAccount(generatePrivateKey()).signMessage({ message }))).status, 401)
  assert.is((await revoke(await siteKey.signMessage({ message }))).status, 401)
  assert.is((await revoke(await account.signMessage({ message: revokeMessage(1, address, crypto.randomUUID()) }))).status, 401)
  assert.is((await revoke('0x1234')).status, 401)
  // Another account: its own signature of this revoke does not count, and under its own address the permission is not there.
  const other = await ownedAccount(ctx)
  const byOther = await revoke(await other.account.signMessage({ message }))
  assert.is(byOther.status, 401)
  assert.match(byOther.json!['reason'], /not the account's signature of the revoke message/)
  assert.is((await revoke(await other.account.signMessage({ message: revokeMessage(1, other.address, pci) }), other.address)).status, 404)
  // The account's own signature, from a site the project does not allow, or with no Origin at all.
  const signed = await account.signMessage({ message })
  assert.is((await revoke(signed, address, 'https://evil.example')).status, 403)
  assert.is((await revoke(signed, address, null)).status, 403)
  assert.is((await rpc(ctx.api!, 'wallet_prepareCalls', [storeCall(address, pci)])).error, undefined, 'refused revokes changed nothing')

  const revoked = await revoke(signed)
  assert.is(revoked.status, 204, JSON.stringify(revoked.json))
  assert.is((await rpc(ctx.api!, 'wallet_prepareCalls', [storeCall(address, pci)])).error?.message, 'The permission was revoked')
  // Calls prepared before the revoke are not sent after it.
  const sent = await rpc(ctx.api!, 'wallet_sendPreparedCalls', [{ context, preparedCalls, signature: await siteKey.signMessage({ message: { raw: signatureRequest.hash } }) }])
  assert.is(sent.error?.message, 'The permission was revoked')
  assert.is((await revoke(signed)).status, 409)
  assert.is((await post(sessions(ctx.api!, address, '/activate'), { pci })).status, 409)
  // The bare-address path stays SIWX's revoke.
  assert.match((await post(`${ctx.api!.url}/v1/sessions/${address}/revoke?projectId=test`, { pci: 'ab'.repeat(16), signature: signed })).json!['reason'], /no live session/)
})

test.run()
