// Apps made for the embedded wallet (AppKit's smart-session example: e-mail login, smart accounts
// by default, Grant Permissions) connect as their visitor does: an e-mail typed in the modal, the
// device link and the code read from the stack's inbox; what the secure frame asks is approved.
import { approveDeviceFromInbox, codeFromInbox, deviceView, mailCount, otpInput, secureFrame, submitEmail } from '../../test/e2e/embedded-page.ts'

/** Whether the app is one: it grants smart-session permissions. */
export const wantsEmailLogin = (sources) => sources.some((text) => /\bgrantPermissions\b/.test(text) && /postern\/experimental\/smart-session/.test(text))

/** In the open modal: e-mail, device approval when asked, code; resolves when the modal has closed. */
export async function loginByEmail(page, browser, stack, email) {
  let before = mailCount(stack, email)
  await submitEmail(page, email)
  await otpInput(page).or(deviceView(page)).first().waitFor({ timeout: 30_000 })
  if (await deviceView(page).isVisible()) {
    before = await approveDeviceFromInbox(browser, stack, email, before)
    await otpInput(page).waitFor({ timeout: 30_000 })
  }
  await otpInput(page).fill(await codeFromInbox(browser, stack, email, before))
  await page.locator('w3m-modal [role=dialog]').waitFor({ state: 'detached', timeout: 60_000 })
}

/** Approves what the secure frame shows (a grant, a signature, a transaction), then lets it land. */
export async function approveInFrame(page, settleMs) {
  if (!(await page.locator('iframe#w3m-iframe').count())) return false
  const approve = secureFrame(page).locator('[data-testid=w3m-frame-approve]')
  if (!(await approve.isVisible().catch(() => false))) return false
  await approve.click({ timeout: 5000 })
  await page.waitForTimeout(settleMs)
  return true
}
