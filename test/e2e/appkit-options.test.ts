// AppKit 1.8 options that change what a visitor sees: coinbasePreference (which Coinbase Wallet
// routes are listed) and enableMobileFullScreen (the modal over the whole phone screen). Chromium,
// the local stack, the classic script.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import { sitePage } from './site-page.ts'

const test = suite('e2e: AppKit options (coinbasePreference, enableMobileFullScreen)')
let e2e: E2E
const COINBASE_EXTENSION = { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' }
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

test.before(async () => {
  e2e = await startE2E()
  const { stack } = e2e
  const wallets = [WALLET_A, COINBASE_EXTENSION]
  for (const preference of ['all', 'eoaOnly', 'smartWalletOnly']) {
    stack.web.setPage(`/t/coinbase-${preference}.html`, evmPage(stack, { wallets, options: `coinbasePreference: '${preference}',` }))
  }
  // A phone site declares its viewport; without it a mobile browser lays the page out 980 px wide.
  const phonePage = (options = '') => sitePage(stack, {
    head: '<meta name="viewport" content="width=device-width, initial-scale=1">',
    options: `features: { email: false, socials: false }, ${options}`,
  })
  stack.web.setPage('/t/full.html', phonePage('enableMobileFullScreen: true,'))
  stack.web.setPage('/t/sheet.html', phonePage())
})
test.after(async () => {
  await e2e?.stop()
})

const modal = (page: Page) => page.locator('w3m-modal')

/** The Connect view's lists once the catalogue's Popular group is in: installed names, popular names. */
async function connectLists(page: Page): Promise<{ installed: string[]; popular: string[] }> {
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await modal(page).locator('.item', { hasText: WALLET_A.name }).waitFor()
  await modal(page).locator('li.group', { hasText: 'Popular' }).waitFor()
  const names = (selector: string) => modal(page).locator(selector).allTextContents()
  const installed = await names('li.group:has-text("Installed") ~ li .item .name')
  const popular = await names('li.group:has-text("Popular") ~ li .item .name')
  return { installed, popular: popular.filter((n) => n !== 'All Wallets') }
}

test('behavior: coinbasePreference all and eoaOnly list the Coinbase extension as installed', async () => {
  for (const preference of ['all', 'eoaOnly']) {
    const { page, errors } = await e2e.newPage()
    await page.goto(`${e2e.stack.web.url}/t/coinbase-${preference}.html`)
    const { installed } = await connectLists(page)
    assert.ok(installed.includes('Coinbase Wallet'), `${preference}: ${installed.join(', ')}`)
    assert.ok(installed.includes(WALLET_A.name))
    assert.equal(errors, [])
  }
})

test('behavior: smartWalletOnly lists neither the Coinbase extension nor the Coinbase app (its EOA routes); other wallets stay', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/coinbase-smartWalletOnly.html`)
  const { installed, popular } = await connectLists(page)
  assert.ok(installed.includes(WALLET_A.name))
  assert.not.ok(installed.includes('Coinbase Wallet'), installed.join(', '))
  assert.is(popular.length, 4, popular.join(', '))
  assert.not.ok(popular.includes('Coinbase Wallet'), popular.join(', '))
  assert.is(await modal(page).locator('.item', { hasText: 'Coinbase' }).count(), 0)
  assert.equal(errors, [])
})

/** A phone: 375 px wide, touch, mobile user agent. */
async function phone() {
  const context = await e2e.browser.newContext({ userAgent: IPHONE, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
  return { context, page: await context.newPage() }
}

const cardBox = async (page: Page) => (await dialog(page).boundingBox())!

test('behavior: enableMobileFullScreen: on a phone the modal covers the whole screen, square-cornered', async () => {
  const { context, page } = await phone()
  try {
    await page.goto(`${e2e.stack.web.url}/t/full.html`)
    await page.locator('appkit-button button').click()
    await dialog(page).waitFor()
    await modal(page).locator('h2', { hasText: 'All Wallets' }).waitFor()
    await page.waitForFunction(() => {
      const card = document.querySelector('w3m-modal')?.shadowRoot?.querySelector('[role=dialog]')
      return !!card && card.getBoundingClientRect().top === 0 && card.getAnimations().length === 0
    })
    const box = await cardBox(page)
    assert.equal({ x: box.x, y: box.y, width: box.width, height: box.height }, { x: 0, y: 0, width: 375, height: 740 })
    assert.is(await dialog(page).evaluate((el) => getComputedStyle(el).borderTopLeftRadius), '0px')
  } finally {
    await context.close()
  }
})

test('behavior: without it the phone gets the bottom sheet (rounded top, not full height)', async () => {
  const { context, page } = await phone()
  try {
    await page.goto(`${e2e.stack.web.url}/t/sheet.html`)
    await page.locator('appkit-button button').click()
    await dialog(page).waitFor()
    await modal(page).locator('h2', { hasText: 'All Wallets' }).waitFor()
    await page.waitForFunction(() => document.querySelector('w3m-modal')?.shadowRoot?.querySelector('[role=dialog]')?.getAnimations().length === 0)
    const box = await cardBox(page)
    assert.is(box.width, 375)
    assert.ok(box.height < 740, `height ${box.height}`)
    assert.is(Math.round(box.y + box.height), 740, 'it sits on the bottom edge')
    assert.not.equal(await dialog(page).evaluate((el) => getComputedStyle(el).borderTopLeftRadius), '0px')
  } finally {
    await context.close()
  }
})

test('behavior: on a desktop viewport enableMobileFullScreen changes nothing', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/full.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  assert.is(await page.locator('w3m-modal').evaluate((el) => el.hasAttribute('data-mobile-fullscreen')), false)
  assert.is((await cardBox(page)).width, 360)
})

test.run()
