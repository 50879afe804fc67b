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
  await page.waitForFunction(() => (window as any).events.some((e: any) => e.event === 'WALLET_IMPRESSION_V2'), undefined, { timeout: 15_000 })
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

test.run()
