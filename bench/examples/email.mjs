// E-mail login for the examples written for the embedded smart account (AppKit's
// `@reown/appkit-experimental/smart-session` apps: `features.email`, `defaultAccountTypes:
// smartAccount`, buttons that need ERC-7715 `wallet_grantPermissions`). Such an app is built with
// the project id the stack's /appkit/v1/config answers with e-mail on (REMOTE_CONFIG_PROJECT_ID),
// as the e2e stack's remote-config page is, and the browser logs in as a visitor does: types an
// address, reads the code from the stack's inbox, types it.
// Postern asks for the remote configuration only of the site's own API (never of Reown's cloud,
// whose secure site it cannot use), so the app gets the one option a site adds to have e-mail
// from its own Postern server: `apiUrl` in createAppKit, a placeholder at build time that the
// check points at the stack's API in the built files once the stack runs.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
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

/** The apiUrl written into the app's createAppKit call; the stack's API URL replaces it in the build. */
export const API_PLACEHOLDER = 'http://postern-examples-api.invalid'

/** Adds `apiUrl` to the app's createAppKit({ … }) calls; the files changed. */
export function addApiUrl(dir, files) {
  const changed = []
  for (const file of files) {
    const path = join(dir, file)
    const text = readFileSync(path, 'utf8')
    const next = text.replace(/\bcreateAppKit\(\{/g, `createAppKit({ apiUrl: '${API_PLACEHOLDER}',`)
    if (next !== text) writeFileSync(path, next), changed.push(file)
  }
  return changed
}

/** Points the built app (dist/, build/, out/, .next/) at the stack's API (again, for --reuse: the URL last written is kept beside it). */
export function pointBuildAtApi(dir, apiUrl) {
  const noted = join(dir, 'examples-api-url')
  const previous = existsSync(noted) ? readFileSync(noted, 'utf8') : API_PLACEHOLDER
  writeFileSync(noted, apiUrl)
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (name === 'node_modules' || name === 'cache') continue
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(m?js|html)$/.test(name)) {
        const text = readFileSync(path, 'utf8')
        if (text.includes(previous)) writeFileSync(path, text.replaceAll(previous, apiUrl))
      }
    }
  }
  for (const out of ['dist', 'build', 'out', '.next']) if (existsSync(join(dir, out))) walk(join(dir, out))
}

/** Approves what the embedded wallet asks in its secure frame (a signature, a transaction, a grant), as its owner would. */
export async function approveInFrame(page) {
  const approve = page.frameLocator('iframe#w3m-iframe').locator('[data-testid=w3m-frame-approve]')
  if (await approve.isVisible().catch(() => false)) await approve.click({ timeout: 5000 }).catch(() => undefined)
}

/**
 * Funds the smart account the page shows (`address: 0x…`, the examples' InfoList) on every chain
 * of the stack, as its owner would before spending from it (the e2e tests do the same).
 */
export async function fundShownAccount(page, stack) {
  const text = await page.evaluate(() => document.body.innerText)
  const address = /address:\s*(0x[0-9a-fA-F]{40})/i.exec(text)?.[1]
  if (!address) return
  for (const chain of stack.chains) {
    await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0xDE0B6B3A7640000'] }) })
  }
}
