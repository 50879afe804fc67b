// updateOptions({ locale }) while the modal is open: the open view re-renders in the new language
// (its locale chunk fetched then), lang and dir follow, and the view and its state stay (issue 17, item 3).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'

const test = suite('e2e: the locale changed on an open modal')
let e2e: E2E

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/i18n-update.html', evmPage(e2e.stack, { wallets: [{ ...WALLET_A, chainId: 1 }], options: `locale: 'en',` }))
})
test.after(async () => {
  await e2e?.stop()
})

const modal = (page: Page) => page.locator('w3m-modal')
const root = (page: Page) => page.evaluate(() => {
  const el = document.querySelector('w3m-modal')!.shadowRoot!.querySelector<HTMLElement>('.root')!
  return { lang: el.lang, dir: el.getAttribute('dir') }
})
const setLocale = (page: Page, locale: string | undefined) => page.evaluate((locale) => (window as unknown as { modal: { updateOptions(o: object): void } }).modal.updateOptions({ locale }), locale)

test('behavior: de, then ar, then back to en, on the open All Wallets view with a search typed', async () => {
  const { page, errors } = await e2e.newPage()
  // The scripts fetched, and whether each carries the German messages (a chunk of its own, or a shared one in the classic build).
  const scripts: { german: Promise<boolean> }[] = []
  page.on('response', (r) => void (/\.m?js$/.test(new URL(r.url()).pathname) && scripts.push({ german: r.text().then((body) => body.includes('Wallet verbinden'), () => false) })))
  const germanFetched = async () => (await Promise.all(scripts.map((s) => s.german))).some(Boolean)
  await page.goto(`${e2e.stack.web.url}/t/i18n-update.html`)
  await page.locator('appkit-button button').click()
  await modal(page).locator('h2', { hasText: 'Connect Wallet' }).waitFor()
  await modal(page).locator('.item', { hasText: 'All Wallets' }).click()
  const search = modal(page).locator('input[type=search], input[placeholder]').first()
  await search.fill('alp')
  assert.not.ok(await germanFetched(), 'no German messages before they are asked for')

  await setLocale(page, 'de')
  await modal(page).locator('h2', { hasText: 'Alle Wallets' }).waitFor()
  assert.ok(await germanFetched(), 'the German messages were fetched on the change')
  assert.equal(await root(page), { lang: 'de', dir: null })
  assert.is(await modal(page).getByRole('button', { name: 'Schließen', exact: true }).count(), 1, 'labels follow too')
  assert.is(await search.inputValue(), 'alp', 'the search typed stays')

  await setLocale(page, 'ar')
  await modal(page).locator('h2', { hasText: 'كل المحافظ' }).waitFor()
  assert.equal(await root(page), { lang: 'ar', dir: 'rtl' })

  await setLocale(page, 'en')
  await modal(page).locator('h2', { hasText: 'All Wallets' }).waitFor()
  assert.equal(await root(page), { lang: 'en', dir: null })
  assert.is(await search.inputValue(), 'alp')
  await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
  await modal(page).locator('h2', { hasText: 'Connect Wallet' }).waitFor()
  assert.equal(errors, [])
})

test('behavior: a locale set before the first open is the one the modal opens in', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/i18n-update.html`)
  await setLocale(page, 'fr')
  await page.locator('appkit-button button').click()
  await modal(page).locator('h2', { hasText: 'Connecter un portefeuille' }).waitFor()
  assert.is((await root(page)).lang, 'fr')
  assert.equal(errors, [])
})

test.run()
