// Changing the embedded wallet's e-mail as a visitor: Account → the e-mail row → the new address →
// approved in the secure frame → the code mailed to the current address → the code mailed to the new one → back on Account, the
// login's e-mail changed; the new address on a fresh profile opens the same wallet.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, type E2E } from './harness.ts'
import { codeFromInbox, loginByEmail, mailCount, secureFrame, withEmbeddedPage } from './embedded-page.ts'
import { axeDialog, describe } from './axe.ts'

const test = suite('e2e: embedded wallet e-mail update')
let e2e: E2E
let url: string

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)))

test('behavior: primary then secondary code change the e-mail; the new e-mail logs in to the same address; the views pass axe', async () => {
  const { page, errors } = await e2e.newPage()
  const address = await loginByEmail(page, e2e.browser, e2e.stack, url, 'gus@example.com')
  const modal = (selector: string, options?: { hasText?: string | RegExp }) => page.locator(`w3m-modal ${selector}`, options)
  const a11y: string[] = []
  await page.locator('appkit-button button').click()
  await modal('[data-testid=w3m-account-email-update]').click()
  await modal('[data-testid=w3m-update-email]').waitFor()
  a11y.push(...describe('UpdateEmailWallet', await axeDialog(page)))
  assert.is(await modal('[data-testid=w3m-update-email-input]').inputValue(), 'gus@example.com')
  assert.ok(await modal('button[type=submit]').isDisabled(), 'Save waits for another address')
  const oldMails = mailCount(e2e.stack, 'gus@example.com')
  await modal('[data-testid=w3m-update-email-input]').fill('gus.new@example.com')
  await modal('button[type=submit]').click()
  // The frame asks the visitor first, naming the new address.
  await secureFrame(page).locator('section.approve dd', { hasText: 'gus.new@example.com' }).waitFor()
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]:enabled').click()
  await modal('h2', { hasText: 'Confirm Current Email' }).or(modal('[data-testid=w3m-update-email-otp]')).first().waitFor()
  assert.ok(await modal('label', { hasText: 'gus@example.com' }).isVisible())
  a11y.push(...describe('UpdateEmailPrimaryOtp', await axeDialog(page)))
  assert.is(mailCount(e2e.stack, 'gus.new@example.com'), 0)
  const newMails = mailCount(e2e.stack, 'gus.new@example.com')
  await modal('[data-testid=w3m-update-otp-input]').fill(await codeFromInbox(e2e.browser, e2e.stack, 'gus@example.com', oldMails))
  await modal('label', { hasText: 'gus.new@example.com' }).waitFor()
  a11y.push(...describe('UpdateEmailSecondaryOtp', await axeDialog(page)))
  // A wrong code says so and keeps the step.
  const code = await codeFromInbox(e2e.browser, e2e.stack, 'gus.new@example.com', newMails)
  await modal('[data-testid=w3m-update-otp-input]').fill(code === '000000' ? '111111' : '000000')
  await modal('[data-testid=w3m-update-otp-error]', { hasText: 'Wrong code: 4 tries left.' }).waitFor()
  await modal('[data-testid=w3m-update-otp-input]').fill(code)
  await modal('[data-testid=w3m-account-email-update]', { hasText: 'gus.new@example.com' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getAccount().embeddedWalletInfo.user.email), 'gus.new@example.com')
  assert.is(await page.evaluate(() => localStorage.getItem('@postern/email')), '"gus.new@example.com"')
  assert.equal(a11y, [])
  // The wrong code's 400 from the auth service is the one failed request.
  assert.equal(errors.filter((e) => !/status of 400/.test(e)), [])

  const fresh = await e2e.newPage()
  assert.is(await loginByEmail(fresh.page, e2e.browser, e2e.stack, url, 'gus.new@example.com'), address)
  assert.ok(await dialog(page).isVisible())
})

test("attack: the page asks the frame to move the wallet to the page's own address (the visitor then types the mailed code into the page): the frame asks the visitor first, and Reject mails nothing", async () => {
  const { page } = await e2e.newPage()
  await loginByEmail(page, e2e.browser, e2e.stack, url, 'ida@example.com')
  const mails = mailCount(e2e.stack, 'ida@example.com')
  const secureOrigin = new URL(e2e.stack.config.secureSiteUrl).origin
  // The page's own script, straight to the frame, as any script on the site can.
  const reply = page.evaluate((origin) => new Promise<{ type: string; payload?: { message?: string } }>((resolve) => {
    const id = crypto.randomUUID()
    const frame = document.getElementById('w3m-iframe') as HTMLIFrameElement
    window.addEventListener('message', (e) => e.source === frame.contentWindow && e.data?.id === id && resolve(e.data))
    frame.contentWindow!.postMessage({ id, type: '@w3m-app/UPDATE_EMAIL', payload: { email: 'thief@evil.example' } }, origin)
  }), secureOrigin)
  const approval = secureFrame(page).locator('section.approve dd', { hasText: 'thief@evil.example' })
  const first = await Promise.race([reply.then(() => 'reply'), approval.waitFor().then(() => 'approval')])
  assert.is(first, 'approval', 'the change started without the visitor')
  assert.is(mailCount(e2e.stack, 'ida@example.com'), mails, 'no code is mailed before the visitor approves')
  await secureFrame(page).locator('[data-testid=w3m-frame-reject]:enabled').click()
  const answer = await reply
  assert.is(answer.type, '@w3m-frame/UPDATE_EMAIL_ERROR')
  assert.is(answer.payload?.message, 'The e-mail change was rejected in the wallet.')
  assert.is(mailCount(e2e.stack, 'ida@example.com'), mails)
})

test.run()
