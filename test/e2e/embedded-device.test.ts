// Device verification as a visitor: the same e-mail on a second browser profile shows
// EmailVerifyDevice and mails a link (no code); opening the link on the secure site approves the
// device, the code follows, and the login opens the same wallet; next time that profile goes
// straight to the code.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, type E2E } from './harness.ts'
import { approveDeviceFromInbox, codeFromInbox, deviceView, loginByEmail, mailCount, openConnect, otpInput, recordEvents, submitEmail, withEmbeddedPage } from './embedded-page.ts'
import { axeDialog, describe } from './axe.ts'

const test = suite('e2e: embedded wallet device verification')
let e2e: E2E
let url: string

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)))

test('behavior: a new device waits for the mailed link, then the code; the same address; known afterwards', async () => {
  const first = await e2e.newPage()
  const address = await loginByEmail(first.page, e2e.browser, e2e.stack, url, 'hal@example.com')

  const { page, errors } = await e2e.newPage()
  await recordEvents(page)
  await openConnect(page, url)
  const before = mailCount(e2e.stack, 'hal@example.com')
  await submitEmail(page, 'hal@example.com')
  await deviceView(page).waitFor()
  assert.ok(await deviceView(page).getByText('Approve the login link we sent to').isVisible())
  assert.is(await page.locator('w3m-modal #w3m-title').textContent(), 'Register Device')
  assert.equal(describe('EmailVerifyDevice', await axeDialog(page)), [])
  const linkCount = await approveDeviceFromInbox(e2e.browser, e2e.stack, 'hal@example.com', before)
  assert.is(linkCount, before + 1, 'one mail: the link, no code before the approval')
  await otpInput(page).waitFor()
  await otpInput(page).fill(await codeFromInbox(e2e.browser, e2e.stack, 'hal@example.com', linkCount))
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), address)
  const events: string[] = await page.evaluate(() => (window as any).__events)
  assert.ok(events.indexOf('DEVICE_REGISTERED_FOR_EMAIL') < events.indexOf('EMAIL_VERIFICATION_CODE_SENT'), events.join())
  assert.equal(errors, [])

  // Known now: after a disconnect the same profile gets a code straight away.
  await page.evaluate(() => (window as any).modal.disconnect())
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  await page.locator('appkit-button button').click()
  await submitEmail(page, 'hal@example.com')
  await otpInput(page).waitFor()
  assert.is(await deviceView(page).count(), 0)
})

test.run()
