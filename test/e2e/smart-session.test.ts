// Smart sessions through the embedded wallet (ERC-7715): the site asks wallet_grantPermissions
// for a key it holds, the visitor approves in the secure frame, and then the site's key sends
// within the scope with no approval; outside it (another target, over the limit) and after
// wallet_revokePermissions the account refuses.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient } from 'viem/account-abstraction'
import { dialog, startE2E, type E2E } from './harness.ts'
import { axeDialog, describe } from './axe.ts'
import { embeddedPage, loginByEmail, secureFrame } from './embedded-page.ts'
import { sessionAbi, toSessionSmartAccount } from '../../secure/smart-account.ts'
import { toViemChain } from '../../dev/chains/index.ts'

const test = suite('e2e: embedded smart sessions')
let e2e: E2E
let page: Page
let smart: Hex

const start = (key: string, method: string, params: unknown[]) => page.evaluate(([k, m, p]) => {
  const w = window as any
  w.__rpc ??= {}
  delete w.__rpc[k]
  w.modal.getWalletProvider().request({ method: m, params: p }).then(
    (result: unknown) => (w.__rpc[k] = { result }),
    (error: any) => (w.__rpc[k] = { error: { code: error?.code, message: error?.message } }),
  )
}, [key, method, params] as const)
const outcome = async (key: string) => {
  await page.waitForFunction((k) => (window as any).__rpc?.[k], key, { timeout: 60_000 })
  return page.evaluate((k) => (window as any).__rpc[k], key)
}
const frameShown = () => page.locator('iframe#w3m-iframe').evaluate((el) => el.getBoundingClientRect().width > 0)

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/session.html', embeddedPage(e2e.stack, 'features: { smartSessions: true },'))
  ;({ page } = await e2e.newPage())
  smart = await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/session.html`, 'session@example.com') as Hex
  await fetch(e2e.stack.chains[0]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [smart, '0xDE0B6B3A7640000'] }) })
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: a granted session sends within its scope without approval, is refused outside it, and stops when revoked', async () => {
  const chain = e2e.stack.chains[0]!
  const client = createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const key = privateKeyToAccount(generatePrivateKey())
  const [shop, other] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
  const expiry = Math.floor(Date.now() / 1000) + 3600
  await start('grant', 'wallet_grantPermissions', [{
    chainId: '0x1', expiry, signer: { type: 'account', data: { id: key.address } },
    permissions: [{ type: 'contract-call', data: { address: shop } }, { type: 'native-token-transfer', data: { allowance: '0xb1a2bc2ec50000' } }], // 0.05 ETH
  }])
  const frame = secureFrame(page)
  await frame.locator('dd', { hasText: '0.05 ETH' }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  const granted = await outcome('grant')
  assert.is(granted.error, undefined)
  assert.is(granted.result.permissionsContext, key.address)
  assert.is(granted.result.expiry, expiry)

  // The site's own key, straight to the bundler: no frame, no approval.
  const session = await toSessionSmartAccount({ client, address: smart, sessionKey: key, chainId: 1 })
  const bundler = createBundlerClient({ account: session, client, transport: http(e2e.stack.bundlerUrls['eip155:1']) })
  const hash = await bundler.sendUserOperation({ calls: [{ to: shop, value: parseEther('0.02') }] })
  assert.ok((await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 60_000 })).success)
  assert.is(await client.getBalance({ address: shop }), parseEther('0.02'))
  assert.is(await frameShown(), false)

  const refused = (to: Hex, value: bigint) => bundler.sendUserOperation({ calls: [{ to, value }] }).then(() => 'sent', (e: Error) => e.message)
  assert.match(await refused(other, 1n), /AA24 signature error/)
  assert.match(await refused(shop, parseEther('0.04')), /AA24 signature error/)

  // The Account view lists the session; Revoke there asks wallet_revokePermissions, approved in the frame.
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  const sessions = page.locator('w3m-modal [data-testid=smart-sessions]')
  await sessions.waitFor()
  assert.match(await sessions.textContent() ?? '', new RegExp(`Session ${key.address.slice(0, 6)}`, 'i'))
  // The account-type row and the sessions list join the axe checks (WCAG 2.2 AA).
  assert.equal(describe('Account (smart account, sessions)', await axeDialog(page)), [])
  await page.locator('w3m-modal [data-testid=smart-session-revoke]').click()
  await frame.locator('h1', { hasText: 'Revoke permissions' }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  // The frame hides once approved; the revocation lands with its user operation.
  const active = async () => (await client.readContract({ address: smart, abi: sessionAbi, functionName: 'sessions', args: [key.address] }))[3]
  for (let i = 0; i < 240 && (await active()); i++) await page.waitForTimeout(250)
  assert.is(await active(), false)
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal [data-testid=account-toggle-preferred-account-type]').waitFor()
  await page.waitForTimeout(1500)
  assert.is(await sessions.count(), 0)
  await page.locator('w3m-modal [aria-label=Close]').click()
  await start('again', 'wallet_revokePermissions', [{ permissionsContext: key.address }])
  assert.equal((await outcome('again')).error?.message, 'No active session for this permissions context')
  assert.match(await refused(shop, 1n), /AA24 signature error/)
  assert.is(await client.getBalance({ address: shop }), parseEther('0.02'))
})

test.run()
