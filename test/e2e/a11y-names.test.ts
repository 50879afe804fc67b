// axe 0 on the names, onramp and swap views in each of their states, in both themes and with a
// site's pale accent, and on the sandbox provider's page (its own document).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness.ts'
import { atRest, axeDialog, axeIn, describe } from './axe.ts'
import { connectFeaturePage, el, installFeaturePages, modal } from './feature-page.ts'
import { demoAccount } from '../../dev/chains/index.ts'

const test = suite('e2e: accessibility (axe) of the names, onramp and swap views')
let e2e: E2E

const VARIANTS = [
  { name: 'dark', options: `themeMode: 'dark',` },
  { name: 'light', options: `themeMode: 'light',` },
  { name: 'light + pale accent', options: `themeMode: 'light', themeVariables: { '--w3m-accent': '#47e1ff' },` },
]
// Demo account 8 holds a name, so RegisterAccountName lists it.
const OWNER = demoAccount(8)
const OWN_NAME = 'axe-owner.reown.id'

test.before(async () => {
  e2e = await startE2E()
  VARIANTS.forEach((v, i) => installFeaturePages(e2e.stack, `a11y-names-${i}`, [8], v.options))
  const message = JSON.stringify({ name: OWN_NAME, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const res = await fetch(`${e2e.stack.api.url}/v1/profile/account?projectId=${e2e.stack.config.projectId}`, {
    method: 'POST', body: JSON.stringify({ coin_type: 0x80000001, address: OWNER.address, message, signature: await OWNER.signMessage({ message }) }),
  })
  assert.is(res.status, 200)
})
test.after(async () => {
  await e2e?.stop()
})

/** axe's findings inside the dialog once its animations have ended, one line per node. */
async function check(page: Page, view: string, found: string[], visited: string[]) {
  await atRest(page)
  visited.push(view)
  found.push(...describe(view, await axeDialog(page)))
}

async function walkNames(page: Page, found: string[], visited: string[]) {
  await page.evaluate(() => (window as any).modal.open({ view: 'RegisterAccountName' }))
  await el(page, 'names-own').waitFor()
  await check(page, 'RegisterAccountName (own names)', found, visited)
  await el(page, 'name-input').fill('ab')
  await modal(page).locator('[role=alert]', { hasText: 'Use at least 4 characters' }).waitFor()
  await check(page, 'RegisterAccountName (invalid)', found, visited)
  await el(page, 'name-input').fill('axe-owner')
  await modal(page).locator('[data-testid=name-suggestions] li', { hasText: OWN_NAME }).first().waitFor()
  await check(page, 'RegisterAccountName (suggestions, taken)', found, visited)
  await el(page, 'name-input').fill('axe-fresh')
  await modal(page).locator('[data-testid=name-suggestions] li', { hasText: 'axe-fresh.reown.id' }).first().waitFor()
  await el(page, 'name-register').click()
  await el(page, 'name-error').waitFor()
  await check(page, 'RegisterAccountName (error)', found, visited)
  await page.evaluate((name) => (window as any).modal.open({ view: 'RegisterAccountNameSuccess', data: { name } }), OWN_NAME)
  await el(page, 'name-success').waitFor()
  await check(page, 'RegisterAccountNameSuccess', found, visited)
}

async function walkOnramp(page: Page, found: string[], visited: string[]) {
  await page.evaluate(() => (window as any).modal.open({ view: 'OnRampProviders' }))
  await el(page, 'onramp-quote').waitFor()
  await check(page, 'OnRampProviders (quote)', found, visited)
  await modal(page).getByRole('button', { name: 'How does it work?' }).click()
  await el(page, 'onramp-what-is').waitFor()
  await check(page, 'OnRampProviders (how it works)', found, visited)
  const [popup] = await Promise.all([page.context().waitForEvent('page'), el(page, 'onramp-provider-coinbase').click()])
  await el(page, 'onramp-in-progress').waitFor()
  await check(page, 'OnRampProviders (in progress)', found, visited)
  await popup.waitForURL(/\/buy\?session=/)
  await popup.close()
}

async function walkSwap(page: Page, found: string[], visited: string[]) {
  await page.evaluate(() => (window as any).modal.open({ view: 'Swap' }))
  await el(page, 'swap-select-to').click()
  await el(page, 'swap-token-USDC').click()
  await el(page, 'swap-from-amount').fill('0.01')
  await el(page, 'swap-details').waitFor()
  await check(page, 'Swap (quoted)', found, visited)
}

for (const [i, variant] of VARIANTS.entries()) {
  test(`behavior: axe finds nothing on the names, onramp and swap views (${variant.name})`, async () => {
    const { page, errors } = await connectFeaturePage(e2e, `a11y-names-${i}`, 8)
    const found: string[] = []
    const visited: string[] = []
    await walkNames(page, found, visited)
    await walkOnramp(page, found, visited)
    await walkSwap(page, found, visited)
    assert.is(visited.length, 9, visited.join())
    assert.equal(found, [], found.join('\n'))
    assert.equal(errors, [])
  })
}

test('behavior: axe finds nothing on the restricted-region onramp view', async () => {
  const { page } = await connectFeaturePage(e2e, 'a11y-names-0', 8, { timezoneId: 'Asia/Shanghai' })
  await page.evaluate(() => (window as any).modal.open({ view: 'OnRampProviders' }))
  await el(page, 'onramp-restricted').waitFor()
  const found: string[] = []
  await check(page, 'OnRampProviders (restricted region)', found, [])
  assert.equal(found, [], found.join('\n'))
})

test('behavior: axe finds nothing on the sandbox provider page, before and after a declined card', async () => {
  const { page, context } = await connectFeaturePage(e2e, 'a11y-names-1', 8)
  await page.evaluate(() => (window as any).modal.open({ view: 'OnRampProviders' }))
  await el(page, 'onramp-quote').waitFor()
  const [popup] = await Promise.all([context.waitForEvent('page'), el(page, 'onramp-provider-coinbase').click()])
  await popup.waitForURL(/\/buy\?session=/)
  const found = describe('sandbox page', await axeIn(popup, ['body']))
  await popup.getByLabel('Test card number').fill('4000 0000 0000 0002')
  await popup.getByRole('button', { name: 'Confirm purchase' }).click()
  await popup.locator('[role=alert]', { hasText: 'Card declined' }).waitFor()
  found.push(...describe('sandbox page (declined)', await axeIn(popup, ['body'])))
  assert.equal(found, [], found.join('\n'))
})

test.run()
