// Changing the embedded wallet's e-mail as a visitor: Account → the e-mail row → the new address →
// the code mailed to the current address → the code mailed to the new one → back on Account, the
// login's e-mail changed; the new address on a fresh profile opens the same wallet.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, type E2E } from './harness.ts'
import { codeFromInbox, loginByEmail, mailCount, withEmbeddedPage } from './embedded-page.ts'
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

test.run()
