// AppKit's smart-session flow end to end on the stack: a site's page calls grantPermissions
// (postern/experimental/smart-session) for its server's key; the co-signer (the reference server)
// gives its key, the visitor approves the embedded smart account's grant in the secure frame, the
// co-signer activates; then the site's server, with no page and no approval, runs
// wallet_prepareCalls / wallet_sendPreparedCalls as AppKit's example server does, and the contract
// call lands. A call outside the permission is refused. The page's revokeSmartSession ends a
// permission (the account signs the revoke in the secure frame), after which the site's server is
// refused; another account's page cannot revoke it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, http, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startE2E, type E2E } from './harness.ts'
import { loginByEmail, secureFrame } from './embedded-page.ts'
import { placeStorage, storageAbi } from '../../dev/chains/storage.ts'
import { toViemChain } from '../../dev/chains/index.ts'
import type { Stack } from '../../dev/stack.ts'
import { revokeMessage } from '../../src/smart-session/revoke-message.ts'

const test = suite('e2e: smart sessions through the co-signer')
let e2e: E2E
let page: Page
let smart: Address

/** An ES-module site page with the embedded wallet's smart sessions and the smart-session entry on window.S. */
const sessionPage = (stack: Stack) => `<!doctype html><html><head><meta charset="utf-8"><title>sessions</title><link rel="icon" href="data:,"></head><body>
<appkit-button></appkit-button>
<script type="module">
  import { createAppKit } from '/dist/esm/index.js'
  import * as N from '/dist/esm/networks.js'
  import { eip155 } from '/dist/esm/adapters.js'
  import * as S from '/dist/esm/smart-session.js'
  const config = ${JSON.stringify(stack.config)}
  window.S = S
  window.modal = createAppKit({
    projectId: config.projectId, networks: [N.mainnet, N.polygon], adapters: [eip155()],
    apiUrl: config.apiUrl, blockchainApiUrl: config.blockchainApiUrl, relayUrl: config.relayUrl, rpcUrls: config.rpcUrls,
    secureSiteUrl: config.secureSiteUrl, features: { smartSessions: true },
  })
</script></body></html>`

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/cosigner.html', sessionPage(e2e.stack))
  ;({ page } = await e2e.newPage())
  smart = await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/cosigner.html`, 'cosigner@example.com') as Address
  // Gas for its user operations (no paymaster on the stack): 1 ETH.
  await fetch(e2e.stack.chains[0]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [smart, '0xDE0B6B3A7640000'] }) })
})
test.after(async () => {
  await e2e?.stop()
})

/** The site's server calling the wallet service, as AppKit's example's server/util/prepareCalls.js does. */
async function walletRpc(method: string, params: unknown[]) {
  const res = await fetch(`${e2e.stack.api.url}/v1/wallet?projectId=${e2e.stack.config.projectId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: '1', method, params }) })
  return await res.json() as { result?: any; error?: { message: string } }
}

/** The page asks grantPermissions for a new site key on a new Storage contract; the visitor approves in the secure frame. */
async function grantInPage() {
  const chain = e2e.stack.chains[0]!
  const storage = privateKeyToAccount(generatePrivateKey()).address
  await placeStorage(chain.rpcUrl, storage)
  const siteKey = privateKeyToAccount(generatePrivateKey())
  const request = {
    chainId: '0x1', address: smart, expiry: Math.floor(Date.now() / 1000) + 3600, policies: [],
    signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: siteKey.publicKey }] } },
    permissions: [{ type: 'contract-call', data: { address: storage, abi: storageAbi, functions: [{ functionName: 'store' }] } }],
  }
  await page.evaluate((r) => {
    const w = window as any
    delete w.__grant
    w.S.grantPermissions(r).then((result: unknown) => (w.__grant = { result }), (error: Error) => (w.__grant = { error: error.message }))
  }, request)
  await secureFrame(page).locator('h1', { hasText: 'Grant permissions' }).waitFor({ timeout: 60_000 })
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]').click()
  await page.waitForFunction(() => (window as any).__grant, undefined, { timeout: 90_000 })
  const grant = await page.evaluate(() => (window as any).__grant) as { result?: { context: string; address: string }; error?: string }
  assert.is(grant.error, undefined)
  assert.match(grant.result!.context, /^[0-9a-f-]{36}$/)
  assert.is(grant.result!.address.toLowerCase(), smart.toLowerCase())
  const pci = grant.result!.context
  const call = (data: Hex) => ({ from: smart, chainId: '0x1', calls: [{ to: storage, data, value: '0x0' }], capabilities: { permissions: { context: pci } } })
  const store = (value: bigint) => walletRpc('wallet_prepareCalls', [call(encodeFunctionData({ abi: storageAbi, functionName: 'store', args: [value] }))])
  return { pci, storage, siteKey, call, store }
}

/** The page's revokeSmartSession for `pci`, the account's signature approved in the secure frame; resolves when it settles. */
async function revokeInPage(on: Page, pci: string) {
  await on.evaluate((p) => {
    const w = window as any
    delete w.__revoke
    w.S.revokeSmartSession({ pci: p }).then(() => (w.__revoke = 'settled'), (error: Error) => (w.__revoke = error.message))
  }, pci)
  await secureFrame(on).locator('[data-testid=w3m-frame-approve]').click({ timeout: 60_000 })
  await on.waitForFunction(() => (window as any).__revoke, undefined, { timeout: 60_000 })
  assert.is(await on.evaluate(() => (window as any).__revoke), 'settled')
}

test('behavior: grant in the page, then the site\'s server stores a value through the smart account with no approval', async () => {
  const chain = e2e.stack.chains[0]!
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const { storage, siteKey, call, store } = await grantInPage()
  const prepared = await store(777n)
  assert.is(prepared.error, undefined)
  const [{ preparedCalls, signatureRequest, context }] = prepared.result
  const sent = await walletRpc('wallet_sendPreparedCalls', [{ context, preparedCalls, signature: await siteKey.signMessage({ message: { raw: signatureRequest.hash } }) }])
  assert.is(sent.error, undefined)
  let status: any
  for (let i = 0; i < 240 && status?.status !== 'CONFIRMED'; i++) {
    status = (await walletRpc('wallet_getCallsStatus', [sent.result[0]])).result
    if (status?.status !== 'CONFIRMED') await page.waitForTimeout(250)
  }
  assert.is(status?.receipts?.[0]?.status, '0x1')
  assert.is(await client.readContract({ address: storage, abi: storageAbi, functionName: 'retrieve' }), 777n)

  // Outside the permission (a function it does not list): refused before anything is signed.
  const outside = await walletRpc('wallet_prepareCalls', [call(encodeFunctionData({ abi: storageAbi, functionName: 'retrieve' }))])
  assert.is(outside.error?.message, `The call to ${storage} is outside the granted permission`)
})

test('attack: another account\'s page cannot revoke the permission; the page\'s revokeSmartSession ends it and the site\'s server is refused', async () => {
  const { pci, store } = await grantInPage()
  assert.is((await store(1n)).error, undefined)

  // Another visitor, logged in with their own smart account on the same site, tries to end it.
  const { page: intruderPage } = await e2e.newPage()
  const intruder = await loginByEmail(intruderPage, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/cosigner.html`, 'intruder@example.com')
  assert.is.not(intruder.toLowerCase(), smart.toLowerCase())
  // Through the page's API: it signs for its own account, where the permission is not.
  await revokeInPage(intruderPage, pci)
  // Straight to the victim's path, with its own account's signature of the victim's revoke text.
  await intruderPage.evaluate(({ message, address }) => {
    const w = window as any
    delete w.__signed
    w.modal.getWalletProvider().request({ method: 'personal_sign', params: [message, address] }).then((s: string) => (w.__signed = s))
  }, { message: toHex(revokeMessage(1, smart, pci)), address: intruder })
  await secureFrame(intruderPage).locator('[data-testid=w3m-frame-approve]').click({ timeout: 60_000 })
  await intruderPage.waitForFunction(() => (window as any).__signed, undefined, { timeout: 60_000 })
  const forged = await intruderPage.evaluate(async ({ url, pci }) => {
    const signature = (window as any).__signed
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pci, signature }) })
    return { status: res.status, body: await res.text() }
  }, { url: `${e2e.stack.api.url}/v1/sessions/${encodeURIComponent(`eip155:1:${smart}`)}/revoke?projectId=${e2e.stack.config.projectId}`, pci })
  assert.is(forged.status, 401)
  assert.match(JSON.parse(forged.body).reason, /not the account's signature of the revoke message/)
  // Neither ended it: the site's server still prepares calls with it.
  assert.is((await store(2n)).error, undefined)

  // The account's own page revokes it; from then on the site's server is refused.
  await revokeInPage(page, pci)
  assert.is((await store(3n)).error?.message, 'The permission was revoked')
})

test.run()
