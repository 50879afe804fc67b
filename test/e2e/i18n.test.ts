// Every locale renders the Connect and Account views with no English left (brand and wallet names
// aside) and nothing overflowing, German's long words and Arabic's right-to-left included; without
// the locale option, the browser's language (issue 17, item 3).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import type { Messages } from '../../src/i18n/types.ts'

const LOCALES = process.env.I18N_ONLY ? process.env.I18N_ONLY.split(',') : ['en', 'de', 'es', 'fr', 'it', 'pt-BR', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar']
const test = suite('e2e: every locale renders Connect and Account')
let e2e: E2E
const catalogues = new Map<string, Messages>()
/** Every English key: a text equal to one of these, where the locale says otherwise, is English left behind. */
let english: string[] = []

test.before(async () => {
  e2e = await startE2E()
  for (const lc of ['de', 'es', 'fr', 'it', 'pt-BR', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar']) catalogues.set(lc, (await import(`../../src/i18n/locales/${lc}.ts`)).default)
  english = Object.keys(catalogues.get('de')!)
  for (const lc of LOCALES) e2e.stack.web.setPage(`/t/i18n-${lc}.html`, evmPage(e2e.stack, { wallets: [{ ...WALLET_A, chainId: 1 }], options: `locale: '${lc}',` }))
  e2e.stack.web.setPage('/t/i18n-browser.html', evmPage(e2e.stack, { wallets: [{ ...WALLET_A, chainId: 1 }] }))
})
test.after(async () => {
  await e2e?.stop()
})

const modal = (page: Page) => page.locator('w3m-modal')
const say = (lc: string, key: string) => {
  const m = catalogues.get(lc)?.[key] ?? key
  return typeof m === 'string' ? m : m.other
}

/** The dialog's texts (text nodes, and the labels a screen reader reads) and every element wider than its box. */
function audit(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('w3m-modal')!.shadowRoot!
    const card = root.querySelector<HTMLElement>('[role=dialog]')!
    const texts: string[] = []
    const overflow: string[] = []
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent!.trim()) texts.push(node.textContent!.trim())
    for (const el of [card, ...card.querySelectorAll<HTMLElement>('*')]) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) if (el.getAttribute(name)?.trim()) texts.push(el.getAttribute(name)!.trim())
      if (el.closest('.sr') || el instanceof SVGElement || !el.clientWidth) continue
      if (el.scrollWidth > el.clientWidth + 1) overflow.push(`<${el.localName} class="${el.className}"> ${el.scrollWidth} > ${el.clientWidth}: ${el.textContent?.slice(0, 60)}`)
    }
    return { texts, overflow, lang: root.querySelector<HTMLElement>('.root')!.lang, dir: root.querySelector<HTMLElement>('.root')!.dir }
  })
}

async function check(page: Page, lc: string, view: string) {
  const found = await audit(page)
  if (process.env.I18N_REPORT) console.log(`${lc} ${view}: ${found.texts.join(' | ')}`)
  assert.is(found.lang, lc, `${lc} ${view}: lang`)
  assert.is(found.dir, lc === 'ar' ? 'rtl' : '', `${lc} ${view}: dir`)
  if (lc !== 'en') {
    const left = found.texts.filter((text) => english.includes(text) && say(lc, text) !== text)
    assert.equal(left, [], `${lc} ${view}: English left: ${left.join(' | ')}`)
  }
  assert.equal(found.overflow, [], `${lc} ${view}: overflow`)
  return found
}

/** Opens the modal, checks Connect, connects the wallet and checks Account. */
async function connectAndCheck(page: Page, lc: string) {
  await page.goto(`${e2e.stack.web.url}/t/i18n-${lc}.html`)
  await page.locator('appkit-button button').click()
  await modal(page).locator('h2', { hasText: say(lc, 'Connect Wallet') }).waitFor()
  await modal(page).locator('.item', { hasText: WALLET_A.name }).waitFor()
  await modal(page).locator('.item', { hasText: say(lc, 'All Wallets') }).waitFor()
  await modal(page).locator('.item .tag', { hasText: '…' }).waitFor({ state: 'detached' })
  const connect = await check(page, lc, 'Connect')
  assert.ok(connect.texts.includes(say(lc, 'INSTALLED')), `${lc}: the installed tag`)
  if (lc === 'ar') {
    // Right to left: the wallet's icon sits at the right of its name.
    const item = modal(page).locator('.item', { hasText: WALLET_A.name })
    const [icon, name] = [await item.locator('.wimg').boundingBox(), await item.locator('.name').boundingBox()]
    assert.ok(icon!.x > name!.x, 'the icon is on the right in Arabic')
  }

  await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.locator('appkit-button button').click()
  await modal(page).locator('h2', { hasText: say(lc, 'Account') }).waitFor()
  await modal(page).locator('[data-testid=account-balance][aria-busy=false]').waitFor()
  await modal(page).locator('[data-testid=token-list], [data-testid=token-balance-error], .center.muted[role=status]').first().waitFor()
  const account = await check(page, lc, 'Account')
  assert.ok(account.texts.includes(say(lc, 'Disconnect')), `${lc}: Disconnect`)
}

for (const lc of LOCALES) {
  test(`behavior: ${lc} — Connect and Account in ${lc}, nothing left in English, nothing overflows`, async () => {
    const { page, context, errors } = await e2e.newPage()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.web.url })
    await connectAndCheck(page, lc)
    // A toast sent in English by the view is said in the locale.
    await modal(page).getByRole('button', { name: say(lc, 'Copy address'), exact: true }).click()
    await modal(page).locator('.toast', { hasText: say(lc, 'Address copied') }).waitFor()
    assert.equal(errors, [])
  })
}

for (const lc of ['de', 'ar']) {
  test(`behavior: ${lc} at 320 CSS px — the long words and right-to-left layout still fit`, async () => {
    const { page } = await e2e.newPage()
    await page.setViewportSize({ width: 320, height: 640 })
    await connectAndCheck(page, lc)
  })
}

test('behavior: without the locale option the browser language decides (de-DE → de)', async () => {
  const context = await e2e.browser.newContext({ locale: 'de-DE' })
  try {
    const page = await context.newPage()
    await page.goto(`${e2e.stack.web.url}/t/i18n-browser.html`)
    await page.locator('appkit-button button').click()
    await modal(page).locator('h2', { hasText: 'Wallet verbinden' }).waitFor()
    assert.is((await audit(page)).lang, 'de')
  } finally {
    await context.close()
  }
})

test.run()
