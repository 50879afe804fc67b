// Social login through the local OpenID provider: the popup's login form, back to the secure site,
// connected; the same provider account on a fresh profile gets the same address.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, type E2E } from './harness.ts'
import { openConnect, withEmbeddedPage } from './embedded-page.ts'

const test = suite('e2e: embedded wallet by social login')
let e2e: E2E
let url: string

withEmbeddedPage(test, (started, pageUrl) => ((e2e = started), (url = pageUrl)))

/** Clicks the provider's button and signs in on the local OpenID provider's pages in the popup. */
async function socialLogin(page: Page, provider: string, login: string): Promise<string> {
  await openConnect(page, url)
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator(`w3m-modal [data-testid=w3m-social-${provider}]`).click()])
  await popup.locator('input[name=login]').fill(login)
  await popup.locator('input[name=password]').fill('any')
  await popup.locator('button[type=submit]').click()
  // The popup may close as soon as the consent is given: listen before clicking.
  const closed = popup.waitForEvent('close')
  await popup.locator('button[type=submit]', { hasText: /continue/i }).click()
  await closed
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  return page.evaluate(() => (window as any).modal.getAddress() as string)
}

test('behavior: Google through the local OpenID provider → connected; the same account on a fresh profile → the same address; another provider → another', async () => {
  const { page, errors } = await e2e.newPage()
  const address = await socialLogin(page, 'google', 'grace')
  assert.match(address, /^0x[0-9a-fA-F]{40}$/)
  // AppKit's embeddedWalletInfo: the provider and the provider's user name, no e-mail.
  const info = await page.evaluate(() => (window as any).modal.getAccount().embeddedWalletInfo)
  assert.equal({ authProvider: info.authProvider, username: info.user.username, email: info.user.email, accountType: info.user.accounts.find((a: any) => a.address === address)?.type },
    { authProvider: 'google', username: 'grace', email: null, accountType: info.accountType })
  const fresh = await e2e.newPage()
  assert.is(await socialLogin(fresh.page, 'google', 'grace'), address)
  const other = await e2e.newPage()
  assert.is.not(await socialLogin(other.page, 'github', 'grace'), address)
  assert.equal(errors, [])
})

test.run()
