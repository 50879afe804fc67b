// E-mail login for the examples written for the embedded smart account (AppKit's
// `@reown/appkit-experimental/smart-session` apps: `features.email`, `defaultAccountTypes:
// smartAccount`, buttons that need ERC-7715 `wallet_grantPermissions`). Such an app is built with
// the project id the stack's /appkit/v1/config answers with e-mail on (REMOTE_CONFIG_PROJECT_ID),
// as the e2e stack's remote-config page is, and the browser logs in as a visitor does: types an
// address, reads the code from the stack's inbox, types it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { approveDeviceFromInbox, codeFromInbox, deviceView, emailInput, mailCount, otpInput, submitEmail } from '../../test/e2e/embedded-page.ts'

/** Whether the app (its sources after the import rewrite) uses smart sessions: it needs the e-mail smart account. */
export const needsEmailLogin = (dir, files) =>
  files.some((file) => /['"](?:postern\/experimental|@reown\/appkit-experimental)\/smart-session['"]/.test(readFileSync(join(dir, file), 'utf8')))

/** The address the check logs in with; the stack's inbox receives its codes. */
export const EXAMPLES_EMAIL = 'examples@example.com'

/**
 * In the open connect view: types the address, opens the device link if the secure site asks for
 * one (a browser this address never logged in from), then types the code read from the inbox.
 */
export async function loginByEmail(page, browser, stack, email = EXAMPLES_EMAIL) {
  await emailInput(page).waitFor({ timeout: 15_000 }).catch(() => {
    throw new Error('no e-mail field in the connect view (the project configuration did not turn e-mail on)')
  })
  let before = mailCount(stack, email)
  await submitEmail(page, email)
  await otpInput(page).or(deviceView(page)).first().waitFor({ timeout: 30_000 })
  if (await deviceView(page).isVisible()) {
    before = await approveDeviceFromInbox(browser, stack, email, before)
    await otpInput(page).waitFor({ timeout: 30_000 })
  }
  await otpInput(page).fill(await codeFromInbox(browser, stack, email, before))
}
