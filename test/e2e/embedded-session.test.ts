// The embedded wallet's session over reloads: connected again with the same address and no new
// code, still signing through the frame; after a disconnect a reload stays disconnected.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyMessage } from 'viem'
import { dialog, startE2E, type E2E } from './harness.ts'
import { embeddedPage, loginByEmail, mailCount, secureFrame } from './embedded-page.ts'

const test = suite('e2e: embedded wallet session')
let e2e: E2E
let url: string

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/embedded.html', embeddedPage(e2e.stack))
  url = `${e2e.stack.web.url}/t/embedded.html`
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: a reload restores the e-mail login (connected, same address, no new code) and the frame still signs', async () => {
  const { page, errors } = await e2e.newPage()
  const address = await loginByEmail(page, e2e.browser, e2e.stack, url, 'eve@example.com') as `0x${string}`
  const mails = mailCount(e2e.stack, 'eve@example.com')
  await page.reload()
  await page.waitForFunction(() => (window as any).modal?.getIsConnected(), undefined, { timeout: 30_000 })
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), address)
  assert.is(await page.evaluate(() => (window as any).modal.getAccount().status), 'connected')
  assert.is(await dialog(page).count(), 0)
  assert.is(mailCount(e2e.stack, 'eve@example.com'), mails)

  const signing = page.evaluate((a) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x6261636b', a] }), address)
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]').click()
  assert.ok(await verifyMessage({ address, message: 'back', signature: await signing }))

  await page.evaluate(() => (window as any).modal.disconnect())
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  await page.reload()
  await page.waitForFunction(() => (window as any).modal?.getState)
  await page.waitForTimeout(1500)
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  assert.is(await page.locator('iframe#w3m-iframe').count(), 0)
  assert.equal(errors, [])
})

test.run()
