// Sign-in with the wallet end to end in Chromium against the local stack: the reference auth
// service holds a session whose signature verifies in Node; reload keeps it; the modal revokes
// it server-side; cancel with required sign-in disconnects; the Solana wallet; a site's own SIWXConfig.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { getBase58Encoder } from '@solana/kit'
import { createPublicKey, verify } from 'node:crypto'
import { dialog, startE2E, type E2E } from './harness.ts'
import { siwxPage } from './siwx-page.ts'
import { evmPage } from './evm-page.ts'
import { demoAccount } from '../../dev/chains/index.ts'
import { SOLANA_TEST_WALLET_NAME } from '../../dev/stack.ts'

const test = suite('e2e: SIWX')
let e2e: E2E
const EVM = demoAccount(0).address

const OWN_CONFIG = `(() => {
  window.calls = []
  const sessions = []
  const log = (name, ...args) => window.calls.push([name, ...args].join(' '))
  return {
    async createMessage(input) {
      log('createMessage', input.chainId, input.accountAddress)
      const data = { ...input, domain: location.host, uri: location.href, version: '1', nonce: 'n0nce123', issuedAt: new Date().toISOString() }
      return { ...data, toString: () => 'Sign in to the test site as ' + input.accountAddress }
    },
    async addSession(s) { log('addSession', s.message, s.signature.slice(0, 2)); sessions.push(s) },
    async revokeSession(c, a) { log('revokeSession', c, a) },
    async setSessions(list) { log('setSessions', list.length) },
    async getSessions(c, a) { log('getSessions', c, a); return sessions.filter((s) => s.data.chainId === c && s.data.accountAddress === a) },
    getRequired() { return true },
  }
})()`

test.before(async () => {
  e2e = await startE2E({ solana: true, ownStack: true, bundlers: 'on-demand' })
  const { stack } = e2e
  stack.web.setPage('/t/siwx.html', siwxPage(stack, { siwx: 'new S.ReferenceAuthSIWX({ statement: "Sign in to the SIWX demo" })' }))
  stack.web.setPage('/t/siwx-own.html', siwxPage(stack, { siwx: OWN_CONFIG }))
  stack.web.setPage('/t/siwx-classic.html', evmPage(stack, { options: `metadata: { name: 'Classic', description: 'd', url: location.origin, icons: [] }, siwx: ${OWN_CONFIG},` }))
  stack.web.setPage('/t/siwx-default.html', siwxPage(stack, { siwx: 'new S.DefaultSIWX()' }))
  stack.web.setPage('/t/siwx-default-sol.html', siwxPage(stack, { siwx: 'new S.DefaultSIWX()', solana: true }))
  stack.web.setPage('/t/siwx-sol.html', siwxPage(stack, { siwx: 'new S.ReferenceAuthSIWX()', solana: true }))
})
test.after(async () => e2e?.stop())

const signView = (page: Page) => page.locator('w3m-modal [data-testid=siwx-sign-message]')
const events = (page: Page) => page.evaluate(() => (window as any).events.map((e: any) => e.event) as string[])
const sessions = async (address: string) => {
  const res = await fetch(`${e2e.stack.api.url}/v1/sessions/${address}?projectId=${e2e.stack.config.projectId}`)
  return ((await res.json()) as { sessions: { pci: string; message: string; signature: string; chainId: string; domain: string }[] }).sessions
}

async function connect(page: Page, path: string, wallet = 'Alpha Wallet', { expectSignView = true } = {}) {
  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: wallet }).first().click()
  if (expectSignView) await signView(page).waitFor()
}

test('EVM: connect → sign view (Close disabled) → sign → a session on the service that verifies in Node; reload keeps it', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page, '/t/siwx.html')
  assert.match(await signView(page).innerText(), /SIWX Demo needs to connect to your wallet/)
  assert.ok(await page.locator('w3m-modal button[aria-label=Close]').isDisabled(), 'Close is disabled while sign-in is required')
  await page.keyboard.press('Escape')
  assert.ok(await signView(page).isVisible(), 'Escape does not close it either')
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await dialog(page).waitFor({ state: 'detached' })
  const [s] = await sessions(EVM)
  assert.ok(s, 'the service holds a session')
  assert.match(s.message, new RegExp(`^127\\.0\\.0\\.1:\\d+ wants you to sign in with your Ethereum account:\\n${EVM}\\n\\nSign in to the SIWX demo\\n\\nURI: http://127\\.0\\.0\\.1:\\d+/t/siwx\\.html\\nVersion: 1\\nChain ID: 1\\nNonce: [0-9a-f]{32}\\nIssued At: `))
  assert.ok(await verifyMessage({ address: EVM, message: s.message, signature: s.signature as Hex }), 'the signature verifies in Node')
  assert.equal((await events(page)).filter((e) => e.startsWith('SIWX') || e.startsWith('CLICK_')), ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_SUCCESS'])

  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  await page.waitForTimeout(1_500)
  assert.not.ok(await signView(page).isVisible(), 'a valid session signs in silently')
  assert.is((await sessions(EVM)).length, 1)
  assert.equal(errors, [])
})

test('EVM: the Account view lists the session; Revoke removes it on the service and asks to sign again', async () => {
  const { page } = await e2e.newPage()
  // The service already holds a session for this address and site (the test above): connecting signs in silently.
  assert.ok((await sessions(EVM)).length >= 1)
  await connect(page, '/t/siwx.html', 'Alpha Wallet', { expectSignView: false })
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForTimeout(1_000)
  assert.not.ok(await signView(page).isVisible())
  await page.locator('appkit-button button').click()
  const row = page.locator('w3m-modal [data-testid=siwx-session]').first()
  await row.waitFor()
  assert.match(await row.innerText(), /127\.0\.0\.1:\d+ · Ethereum/)
  assert.match(await row.innerText(), /Expires /)
  await row.locator('button', { hasText: 'Revoke' }).click()
  await signView(page).waitFor()
  assert.equal(await sessions(EVM), [], 'every session of this chain and address is revoked')
})

test('EVM: after reload an expired session asks to sign again (required)', async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/siwx.html')
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await dialog(page).waitFor({ state: 'detached' })
  assert.is((await sessions(EVM)).length, 1)
  await e2e.stack.api.db.query('UPDATE siwx_sessions SET expires_at = $1 WHERE revoked_at IS NULL', [Date.now() - 1])
  await page.reload()
  await signView(page).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), true)
})

test('EVM: a declined signature keeps the sign view with "Signature declined"; Cancel with required sign-in disconnects', async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/siwx.html')
  await page.evaluate(() => (window as any).PosternTestWallet.get('dev.postern.alpha').setPolicy('reject', ['personal_sign']))
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await page.locator('w3m-modal .toast.error', { hasText: 'Signature declined' }).waitFor()
  assert.ok(await signView(page).isVisible())
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-cancel]').click()
  await dialog(page).waitFor({ state: 'detached' })
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  assert.equal((await events(page)).filter((e) => e.startsWith('SIWX') || e.includes('SIWX')), ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_ERROR', 'CLICK_CANCEL_SIWX'])
})

test('Solana: the test wallet signs in; the session on the service verifies by ed25519 in Node', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page, '/t/siwx-sol.html', SOLANA_TEST_WALLET_NAME)
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await dialog(page).waitFor({ state: 'detached' })
  const address = e2e.stack.solana!.accounts[0]!.address
  const [s] = await sessions(address)
  assert.ok(s)
  assert.is(s.chainId, 'solana:localnet')
  assert.match(s.message, new RegExp(`wants you to sign in with your Solana Localnet account:\\n${address}\\n\\nURI: `))
  const b58 = getBase58Encoder()
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(b58.encode(address)).toString('base64url') }, format: 'jwk' })
  assert.ok(verify(null, Buffer.from(s.message), key, Buffer.from(b58.encode(s.signature))), 'ed25519 verifies in Node')
  assert.equal(errors, [])
})

test("a site's own SIWXConfig is called in AppKit's order", async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/siwx-own.html')
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await dialog(page).waitFor({ state: 'detached' })
  const calls = await page.evaluate(() => (window as any).calls as string[])
  assert.equal(calls, [
    `getSessions eip155:1 ${EVM}`,
    `createMessage eip155:1 ${EVM}`,
    `addSession Sign in to the test site as ${EVM} 0x`,
  ])
  assert.is(await page.evaluate(() => typeof (window as any).modal.getSIWX().createMessage), 'function')
  // Switching network to one without a session asks again.
  await page.evaluate(() => (window as any).modal.switchNetwork((window as any).modal.getCaipNetwork().id === 1 ? { id: 137, caipNetworkId: 'eip155:137', chainNamespace: 'eip155' } : null))
  await signView(page).waitFor()
  assert.is((await page.evaluate(() => (window as any).calls as string[])).at(-1), `getSessions eip155:137 ${EVM}`)
})

test("the classic script with a site's own SIWXConfig signs in the same way", async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page, '/t/siwx-classic.html')
  assert.match(await signView(page).innerText(), /Classic needs to connect to your wallet/)
  await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await dialog(page).waitFor({ state: 'detached' })
  assert.equal(await page.evaluate(() => (window as any).calls as string[]), [
    `getSessions eip155:1 ${EVM}`,
    `createMessage eip155:1 ${EVM}`,
    `addSession Sign in to the test site as ${EVM} 0x`,
  ])
  assert.equal(errors, [])
})

test('DefaultSIWX: EIP155Verifier (viem on the local chain) and SolanaVerifier (ed25519 in the browser) keep a LocalStorage session across a reload', async () => {
  for (const [path, wallet] of [['/t/siwx-default.html', 'Alpha Wallet'], ['/t/siwx-default-sol.html', SOLANA_TEST_WALLET_NAME]] as const) {
    const { page, errors } = await e2e.newPage()
    await connect(page, path, wallet)
    await page.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
    await dialog(page).waitFor({ state: 'detached' })
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('@appkit/siwx') ?? '[]') as { message: string }[])
    assert.is(stored.length, 1, path)
    assert.match(stored[0]!.message, /wants you to sign in with your (Ethereum|Solana Localnet) account:/)
    await page.reload()
    await page.waitForFunction(() => (window as any).modal.getIsConnected())
    await page.waitForTimeout(1_500)
    assert.not.ok(await signView(page).isVisible(), `${path}: the stored session verifies, so no new signature`)
    // A tampered stored signature fails verification: the next reload asks again.
    await page.evaluate(() => {
      const list = JSON.parse(localStorage.getItem('@appkit/siwx')!)
      list[0].message = list[0].message.replace('Nonce: ', 'Nonce: 1')
      localStorage.setItem('@appkit/siwx', JSON.stringify(list))
    })
    await page.reload()
    await signView(page).waitFor()
    assert.equal(errors, [], path)
  }
})

test.run()
