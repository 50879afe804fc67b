// AppKit 1.8's account setters, <appkit-modal> and the events Postern sends as AppKit does, in
// Chromium against the local stack: a site connected with the injected test wallet.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { sitePage } from './site-page.ts'
import { connectFeaturePage, installFeaturePages, modal } from './feature-page.ts'

const test = suite('e2e: AppKit setters, <appkit-modal>, events')
let e2e: E2E

test.before(async () => {
  e2e = await startE2E()
  installFeaturePages(e2e.stack, 'surface', [0])
  // The site places <appkit-modal> in its layout, with enableEmbedded: the modal lives there.
  e2e.stack.web.setPage('/t/embedded.html', sitePage(e2e.stack, { title: 'embedded', options: 'enableEmbedded: true,' })
    .replace('<appkit-button></appkit-button>', '<main><h1>Shop</h1><appkit-modal id="slot"></appkit-modal></main>'))
})
test.after(async () => {
  await e2e?.stop()
})

const buttonText = (page: import('playwright-core').Page) => page.locator('appkit-button button').innerText()

test('behavior: setProfileName and setBalance change what the account button shows', async () => {
  const { page, errors } = await connectFeaturePage(e2e, 'surface', 0)
  // The connection's own balance read first, so the set balance is not overwritten after.
  await page.waitForFunction(() => /ETH/.test(document.querySelector('appkit-button')!.shadowRoot!.textContent ?? ''), undefined, { timeout: 30_000 })
  await page.evaluate(() => {
    const m = (window as any).modal
    m.setProfileName('alice.postern', 'eip155')
    m.setBalance('42.5', 'ETH', 'eip155')
  })
  await page.waitForFunction(() => /alice\.postern/.test(document.querySelector('appkit-button')!.shadowRoot!.textContent ?? ''))
  const text = await buttonText(page)
  assert.match(text, /42\.500 ETH/)
  assert.match(text, /alice\.postern/)
  assert.is(await page.evaluate(() => (window as any).modal.getAccount().isConnected), true)
  await page.evaluate(() => (window as any).modal.setProfileName(null, 'eip155'))
  await page.waitForFunction(() => !/alice\.postern/.test(document.querySelector('appkit-button')!.shadowRoot!.textContent ?? ''))
  await page.evaluate(() => (window as any).modal.resetAccount('eip155'))
  await page.waitForFunction(() => /Connect Wallet/.test(document.querySelector('appkit-button')!.shadowRoot!.textContent ?? ''))
  assert.equal(errors, [])
})

test('behavior: the Account view shows the set name; the Activity tab sends CLICK_TRANSACTIONS', async () => {
  const { page } = await connectFeaturePage(e2e, 'surface', 0)
  await page.evaluate(() => (window as any).modal.setProfileName('bob.postern', 'eip155'))
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await modal(page).getByText('bob.postern').first().waitFor()
  await modal(page).locator('#tab-activity').click()
  await page.waitForFunction(() => (window as any).events.some((e: any) => e.event === 'CLICK_TRANSACTIONS'))
  const sent = await page.evaluate(() => (window as any).events.find((e: any) => e.event === 'CLICK_TRANSACTIONS').properties)
  assert.equal(sent, { isSmartAccount: false })
})

test('behavior: Connect sends WALLET_IMPRESSION_V2 with AppKit\'s items; WalletConnect\'s QR sends SELECT_WALLET', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/surface-0.html`)
  await page.evaluate(() => {
    ;(window as any).events = []
    ;(window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data))
  })
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.waitForFunction(() => (window as any).events.some((e: any) => e.event === 'WALLET_IMPRESSION_V2'))
  const items = await page.evaluate(() => (window as any).events.find((e: any) => e.event === 'WALLET_IMPRESSION_V2').properties.items)
  const alpha = items.find((i: any) => i.name === 'Alpha Wallet')
  assert.ok(alpha, `the injected wallet among ${JSON.stringify(items)}`)
  assert.is(alpha.view, 'Connect')
  assert.is(typeof alpha.displayIndex, 'number')
  assert.ok('walletRank' in alpha)
  await modal(page).locator('.item', { hasText: 'WalletConnect' }).first().click()
  await page.waitForFunction(() => (window as any).events.some((e: any) => e.event === 'SELECT_WALLET'))
  const select = await page.evaluate(() => (window as any).events.find((e: any) => e.event === 'SELECT_WALLET').properties)
  assert.equal(Object.keys(select).sort(), ['displayIndex', 'name', 'platform', 'view', 'walletRank'])
  assert.is(select.platform, 'qrcode')
  assert.is(select.name, 'WalletConnect')
})

test('behavior: a site-placed <appkit-modal> with enableEmbedded renders the modal inline in it, without open()', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/embedded.html`)
  await page.locator('appkit-modal#slot [role=dialog]').waitFor({ timeout: 30_000 })
  const placed = await page.evaluate(() => {
    const slot = document.querySelector('appkit-modal#slot')!
    const box = slot.getBoundingClientRect()
    return {
      inMain: slot.parentElement?.tagName,
      appended: document.querySelectorAll('w3m-modal').length,
      height: box.height > 100,
      text: slot.shadowRoot!.textContent ?? '',
    }
  })
  assert.is(placed.inMain, 'MAIN')
  assert.is(placed.appended, 0) // no second host appended to the body
  assert.ok(placed.height, 'the modal takes room in the page flow')
  assert.match(placed.text, /WalletConnect/)
  assert.equal(errors, [])
})

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const storeWallet = (mobile_link: string) => ({ id: 'local-wallet', name: 'Local Wallet', mobile_link, app_store: 'https://apps.apple.com/app/local-wallet/id1' })

async function recorded(page: import('playwright-core').Page) {
  await page.goto(`${e2e.stack.web.url}/t/surface-0.html`)
  await page.evaluate(() => {
    ;(window as any).events = []
    ;(window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data))
  })
}
const openWallet = (page: import('playwright-core').Page, w: ReturnType<typeof storeWallet>) =>
  page.evaluate((data) => (window as any).modal.open({ view: 'ConnectingWalletConnect', data: { walletId: data.id, name: data.name, wallet: data } }), w)
const propertiesOf = (page: import('playwright-core').Page, name: string) =>
  page.waitForFunction((n) => (window as any).events.find((e: any) => e.event === n)?.properties, name, { timeout: 20_000 }).then((h) => h.jsonValue())

test('behavior: a wallet\'s store link sends GET_WALLET with AppKit\'s properties', async () => {
  const { page, context } = await e2e.newPage()
  await context.route('https://apps.apple.com/**', (route) => route.fulfill({ status: 204 })) // no public service
  await recorded(page)
  await openWallet(page, storeWallet('https://example.invalid/app'))
  await modal(page).locator('a', { hasText: 'App Store' }).click()
  assert.equal(await propertiesOf(page, 'GET_WALLET'), { name: 'Local Wallet', walletRank: undefined, explorerId: 'local-wallet', type: 'app_store' })
})

test('behavior: on mobile, a deep link that cannot be used sends CONNECT_PROXY_ERROR with the wallet and the URI', async () => {
  const context = await e2e.browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, hasTouch: true })
  try {
    const page = await context.newPage()
    await recorded(page)
    await openWallet(page, storeWallet('javascript:alert(1)'))
    const sent = (await propertiesOf(page, 'CONNECT_PROXY_ERROR')) as Record<string, string>
    assert.is(sent.name, 'Local Wallet')
    assert.is(sent.mobile_link, 'javascript:alert(1)')
    assert.match(sent.uri ?? '', /^wc:[0-9a-f]{64}@2\?/)
    assert.is(sent.message, 'Error parsing the deep link')
  } finally {
    await context.close()
  }
})

test('behavior: Connect\'s help button leads to "What is a wallet?", whose "Get a wallet" sends CLICK_GET_WALLET_HELP and opens the catalogue', async () => {
  const { page, errors } = await e2e.newPage()
  await recorded(page)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await modal(page).getByRole('button', { name: 'What is a wallet?' }).click()
  await modal(page).getByText('One login for all of web3').waitFor()
  await modal(page).getByRole('button', { name: 'Get a wallet' }).click()
  await page.locator('w3m-modal h2', { hasText: 'All Wallets' }).waitFor()
  const names = await page.evaluate(() => (window as any).events.map((e: any) => e.event))
  assert.ok(names.includes('CLICK_WALLET_HELP'), names.join())
  assert.ok(names.includes('CLICK_GET_WALLET_HELP'), names.join())
  assert.equal(errors, [])
})

test.run()
