// The embedded wallet's account follows the network: on a network without smart accounts (no
// bundler there, so the auth service does not enable it) the EOA serves, and back on an enabled
// network the smart account does again, without a new login and with the preference kept.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness.ts'
import { loginByEmail } from './embedded-page.ts'
import { sitePage } from './site-page.ts'

const test = suite('e2e: embedded smart account across networks')
let e2e: E2E
let page: Page

const account = () => page.evaluate(() => (window as any).modal.getAccount())
const switchTo = (name: string) => page.evaluate((n) => (window as any).modal.switchNetwork((window as any).Postern.networks[n]), name)
const addressBecomes = (address: string) => page.waitForFunction((a) => (window as any).modal.getAddress() === a, address, { timeout: 30_000 })

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/smart-networks.html', sitePage(e2e.stack, {
    adapters: '[Postern.adapters.eip155()]',
    networks: '[N.mainnet, N.polygon, N.optimism]',
    options: 'secureSiteUrl: config.secureSiteUrl,',
  }))
  ;({ page } = await e2e.newPage())
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: a network without smart accounts is served by the EOA, an enabled one by the smart account again', async () => {
  const smart = await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/smart-networks.html`, 'networks@example.com')
  const first = await account()
  const eoa = first.allAccounts.find((a: { type: string }) => a.type === 'eoa').address
  assert.is(first.allAccounts.find((a: { type: string }) => a.type === 'smartAccount').address, smart)
  assert.ok(eoa && eoa !== smart)

  await switchTo('optimism')
  await addressBecomes(eoa)
  assert.is(await page.evaluate(() => (window as any).modal.getChainId()), 10)
  assert.is((await account()).embeddedWalletInfo.accountType, 'eoa')

  await switchTo('polygon')
  await addressBecomes(smart)
  assert.is((await account()).embeddedWalletInfo.accountType, 'smartAccount')
  // The visitor's preference was never changed: it is still the smart account.
  assert.is(await page.evaluate(() => (window as any).modal.getPreferredAccountType('eip155')), 'smartAccount')
})

test.run()
