// axe 0 on the embedded wallet's views, each reached through the UI, light and dark: Connect with
// the e-mail field and social buttons, EmailVerifyOtp, EmailVerifyDevice, the Account view with the
// e-mail and upgrade rows, UpgradeEmailWallet, UpdateEmailWallet, UpdateEmailPrimaryOtp, UpdateEmailSecondaryOtp, ApproveTransaction.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness.ts'
import { codeFromInbox, deviceView, embeddedPage, loginByEmail, mailCount, openConnect, otpInput, secureFrame, submitEmail } from './embedded-page.ts'
import { atRest, axeDialog, describe } from './axe.ts'

const test = suite('e2e: accessibility (axe) of the embedded wallet views')
let e2e: E2E

const THEMES = ['light', 'dark'] as const

test.before(async () => {
  e2e = await startE2E()
  for (const theme of THEMES) {
    e2e.stack.web.setPage(`/t/a11y-embedded-${theme}.html`, embeddedPage(e2e.stack, `themeMode: '${theme}', features: { socials: ['google', 'github'] },`))
  }
})
test.after(async () => {
  await e2e?.stop()
})

const modal = (page: Page, selector: string, options?: { hasText?: string }) => page.locator(`w3m-modal ${selector}`, options)

for (const theme of THEMES) {
  test(`behavior: axe finds nothing on the embedded wallet's views (${theme})`, async () => {
    const url = `${e2e.stack.web.url}/t/a11y-embedded-${theme}.html`
    const email = `a11y-${theme}@example.com`
    const found: string[] = []
    const check = async (view: string) => {
      await atRest(current) // transitions end: colours are measured at rest
      found.push(...describe(view, await axeDialog(current)))
    }
    let current: Page = (await e2e.newPage()).page

    await openConnect(current, url)
    await modal(current, '[data-testid=w3m-social-google]').waitFor()
    await check('Connect (e-mail and socials)')
    let before = mailCount(e2e.stack, email)
    await submitEmail(current, email)
    await otpInput(current).waitFor()
    await check('EmailVerifyOtp')
    await otpInput(current).fill(await codeFromInbox(e2e.browser, e2e.stack, email, before))
    await current.waitForFunction(() => (window as any).modal.getIsConnected())

    // Account with the e-mail and upgrade rows, UpgradeEmailWallet, then the three update views.
    await current.locator('appkit-button button').click()
    await modal(current, '[data-testid=w3m-account-email-update]').waitFor()
    await check('Account (e-mail row)')
    await modal(current, '[data-testid=w3m-wallet-upgrade-card]').click()
    await modal(current, '[data-testid=w3m-secure-website-button]').waitFor()
    await check('UpgradeEmailWallet')
    await modal(current, 'button[aria-label=Back]').click()
    await modal(current, '[data-testid=w3m-account-email-update]').click()
    await modal(current, '[data-testid=w3m-update-email]').waitFor()
    await check('UpdateEmailWallet')
    const newEmail = `a11y-${theme}-new@example.com`
    before = mailCount(e2e.stack, email)
    await modal(current, '[data-testid=w3m-update-email-input]').fill(newEmail)
    await modal(current, 'button[type=submit]').click()
    // The secure frame asks the visitor to approve the change first.
    await secureFrame(current).locator('[data-testid=w3m-frame-approve]:enabled').click()
    await modal(current, '[data-testid=w3m-update-otp-input]').waitFor()
    await check('UpdateEmailPrimaryOtp')
    const newBefore = mailCount(e2e.stack, newEmail)
    await modal(current, '[data-testid=w3m-update-otp-input]').fill(await codeFromInbox(e2e.browser, e2e.stack, email, before))
    await modal(current, 'label', { hasText: newEmail }).waitFor()
    await check('UpdateEmailSecondaryOtp')
    await modal(current, '[data-testid=w3m-update-otp-input]').fill(await codeFromInbox(e2e.browser, e2e.stack, newEmail, newBefore))
    await modal(current, '[data-testid=w3m-account-email-update]').waitFor()

    // ApproveTransaction: the modal's side under the frame (closed modal, then a signature request).
    await current.keyboard.press('Escape')
    await current.locator('w3m-modal [role=dialog]').waitFor({ state: 'detached' })
    const address = await current.evaluate(() => (window as any).modal.getAddress())
    void current.evaluate((a) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x6869', a] }).catch(() => undefined), address)
    await modal(current, '[data-testid=w3m-approve-transaction]').waitFor()
    await check('ApproveTransaction')
    await secureFrame(current).locator('[data-testid=w3m-frame-reject]').click()

    // EmailVerifyDevice: the same (new) e-mail on another profile.
    current = (await e2e.newPage()).page
    await openConnect(current, url)
    await submitEmail(current, newEmail)
    await deviceView(current).waitFor()
    await check('EmailVerifyDevice')

    assert.equal(found, [])
  })
}

test.run()
