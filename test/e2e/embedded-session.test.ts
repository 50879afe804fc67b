// The embedded wallet's session over reloads: connected again with the same address and no new
// code, without asking the auth service for the key shares (the frame opens the key it kept at
// login, even once the login is too old to get shares), still signing through the frame; after a disconnect a reload stays disconnected. AppKit's
// embeddedWalletInfo; closing the modal rejects a pending request.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http } from 'viem'
import { dialog, type E2E } from './harness.ts'
import { loginByEmail, mailCount, secureFrame, withEmbeddedPage } from './embedded-page.ts'

const test = suite('e2e: embedded wallet session')
let e2e: E2E
let url: string

// The account may be a smart account (an ERC-6492 signature): verified against the chain.
const verifyMessage = (args: { address: `0x${string}`; message: string; signature: `0x${string}` }) =>
  createPublicClient({ transport: http(e2e.stack.chains[0]!.rpcUrl) }).verifyMessage(args)

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)))

test('behavior: a reload restores the e-mail login (connected, same address, no new code) and the frame still signs', async () => {
  const { page, errors } = await e2e.newPage()
  const address = await loginByEmail(page, e2e.browser, e2e.stack, url, 'eve@example.com') as `0x${string}`
  const mails = mailCount(e2e.stack, 'eve@example.com')
  const info = () => page.evaluate(() => (window as any).modal.getAccount().embeddedWalletInfo)
  // The account type is the one of the address in use, as the frame lists its accounts.
  const expected = { user: { email: 'eve@example.com', username: undefined, address }, authProvider: 'email', typeOfAddress: true, isSmartAccountDeployed: 'boolean' }
  const pick = (i: any) => ({ user: { email: i.user.email, username: i.user.username, address: i.user.address }, authProvider: i.authProvider,
    typeOfAddress: ['eoa', 'smartAccount'].includes(i.accountType) && i.user.accounts.find((a: any) => a.address === address)?.type === i.accountType,
    isSmartAccountDeployed: typeof i.isSmartAccountDeployed })
  assert.equal(pick(await info()), expected)
  // The login is now older than the 5 minutes that allow shares: the reload needs none.
  await e2e.stack.api.db.query('UPDATE embedded_sessions SET proven_at = proven_at - 600000')
  const shareCalls: string[] = []
  page.on('request', (r) => /\/auth\/v1\/embedded\/key/.test(r.url()) && shareCalls.push(r.url()))
  await page.reload()
  await page.waitForFunction(() => (window as any).modal?.getIsConnected(), undefined, { timeout: 30_000 })
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), address)
  assert.is(await page.evaluate(() => (window as any).modal.getAccount().status), 'connected')
  assert.is(await dialog(page).count(), 0)
  assert.is(mailCount(e2e.stack, 'eve@example.com'), mails)
  await page.waitForFunction(() => (window as any).modal.getAccount().embeddedWalletInfo)
  assert.equal(pick(await info()), expected)

  const signing = page.evaluate((a) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x6261636b', a] }), address)
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]').click()
  assert.ok(await verifyMessage({ address, message: 'back', signature: await signing }))
  assert.equal(shareCalls, [], 'no call for the key shares after the reload')

  await page.evaluate(() => (window as any).modal.disconnect())
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  assert.is(await info(), undefined)
  await page.reload()
  await page.waitForFunction(() => (window as any).modal?.getState)
  await page.waitForTimeout(1500)
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  assert.is(await page.locator('iframe#w3m-iframe').count(), 0)
  assert.equal(errors, [])
})

test('behavior: closing the modal while the frame shows an approval over it rejects the request; the next one is approved', async () => {
  const { page, errors } = await e2e.newPage()
  const address = await loginByEmail(page, e2e.browser, e2e.stack, url, 'fay@example.com') as `0x${string}`
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  const request = (hex: string) => page.evaluate(([h, a]) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: [h, a] })
    .then((result: string) => ({ result }), (error: any) => ({ error: error.message })), [hex, address] as const)
  const first = request('0x6f6e65')
  await secureFrame(page).locator('pre', { hasText: 'one' }).waitFor()
  // As AppKit: the modal was open with nothing stacked, so the frame shows over the current view.
  assert.is(await page.locator('w3m-modal [data-testid=w3m-approve-transaction]').count(), 0)
  await page.mouse.click(4, 4) // the overlay, outside the frame
  assert.equal(await first, { error: 'Request was aborted' })
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => document.getElementById('w3m-iframe')!.getBoundingClientRect().width === 0)
  assert.is(await secureFrame(page).locator('[data-testid=w3m-frame-approve]').count(), 0)

  const second = request('0x74776f')
  await secureFrame(page).locator('pre', { hasText: 'two' }).waitFor()
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]').click()
  const { result, error } = await second as { result: `0x${string}`; error?: string }
  assert.is(error, undefined)
  assert.ok(await verifyMessage({ address, message: 'two', signature: result }))
  assert.equal(errors, [])
})

test.run()
