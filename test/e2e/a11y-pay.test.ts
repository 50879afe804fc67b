// axe 0 on the Pay views in each of their states (connected or not, the PayQuote view with its
// quote and with a quote error, PayQuote for the exchange, waiting on the exchange, a failed
// payment), in both themes and right to left; the Pay and PayQuote views by keyboard alone (the
// exchange's too); the exchange sandbox page (its own document).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { focusedLabel, startE2E, type E2E } from './harness.ts'
import { atRest, axeDialog, axeIn, describe } from './axe.ts'
import { el, modal } from './feature-page.ts'
import { WALLET_A } from './evm-page.ts'
import { connectPayPage, payOutcome, payPage, startPay } from './pay-page.ts'
import { TOKEN_ADDRESS } from '../../dev/chains/index.ts'
import { dexInfo } from '../../dev/chains/dex.ts'

const test = suite('e2e: accessibility (axe) and keyboard of the Pay views')
let e2e: E2E
const VARIANTS = [
  { name: 'dark', options: `themeMode: 'dark',` },
  { name: 'light', options: `themeMode: 'light',` },
  { name: 'right to left (ar)', options: `themeMode: 'light', locale: 'ar',` },
]
// Demo account 2 pays in pay.test.ts too; these pages never send from it.
const options = { paymentAsset: { network: 'eip155:1', asset: TOKEN_ADDRESS, metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } }, recipient: '0x00000000000000000000000000000000000000aa', amount: 1 }
// More DAI than the local pools hold: no route, whichever asset pays.
const DAI = dexInfo().tokens.find((t) => t.symbol === 'DAI')!.address
const noRoute = { ...options, paymentAsset: { network: 'eip155:1', asset: DAI, metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 } }, amount: 400_000 }
const CONTINUE = 'Continue in Postern Test Exchange'

test.before(async () => {
  e2e = await startE2E()
  VARIANTS.forEach((v, i) => e2e.stack.web.setPage(`/t/a11y-pay-${i}.html`, payPage(e2e.stack, 2, v.options)))
})
test.after(async () => {
  await e2e?.stop()
})

async function check(page: Page, view: string, found: string[]) {
  await atRest(page)
  found.push(...describe(view, await axeDialog(page)))
}

for (const [i, variant] of VARIANTS.entries()) {
  test(`behavior: axe finds nothing on the Pay views (${variant.name})`, async () => {
    const { page, errors } = await e2e.newPage()
    await page.goto(`${e2e.stack.web.url}/t/a11y-pay-${i}.html`)
    await page.waitForFunction(() => (window as any).pay)
    const found: string[] = []
    await startPay(page, options)
    await modal(page).locator('.item').nth(1).waitFor()
    await check(page, 'Pay (no wallet)', found)
    if (variant.name.startsWith('right')) assert.is(await modal(page).locator('[dir=rtl]').count() > 0, true, 'the modal speaks right to left')
    await page.evaluate(() => (window as any).modal.close())

    const connected = await connectPayPage(e2e, `/t/a11y-pay-${i}.html`)
    await startPay(connected.page, options)
    await modal(connected.page).locator('.item').nth(2).waitFor()
    await check(connected.page, 'Pay (connected, exchanges)', found)
    await modal(connected.page).locator('.item').first().click()
    await el(connected.page, 'pay-fees').waitFor()
    await check(connected.page, 'PayQuote (options, quote, fees)', found)
    await connected.page.evaluate(() => (window as any).modal.close())
    await startPay(connected.page, noRoute)
    await modal(connected.page).locator('.item').first().click()
    await el(connected.page, 'pay-quote-error').waitFor()
    await check(connected.page, 'PayQuote (quote error, fees skeleton)', found)
    await connected.page.evaluate(() => (window as any).modal.close())
    await startPay(connected.page, options)
    await modal(connected.page).locator('.item').nth(2).click()
    await modal(connected.page).locator('[data-testid=pay-exchange-continue]:not([disabled])').waitFor()
    await check(connected.page, 'PayQuote (exchange: its assets, the deposit quote)', found)
    const [popup] = await Promise.all([connected.page.context().waitForEvent('page'), el(connected.page, 'pay-exchange-continue').click()])
    await el(connected.page, 'pay-loading').waitFor()
    await check(connected.page, 'PayLoading (exchange in progress)', found)
    await popup.waitForURL(/\/exchange\?session=/)
    found.push(...describe('exchange sandbox page', await axeIn(popup, ['body'])))
    await popup.locator('form').nth(1).locator('button').click()
    await payOutcome(connected.page)
    await modal(connected.page).locator('[data-testid=pay-loading][data-state=error]').waitFor()
    await check(connected.page, 'PayLoading (failed)', found)
    assert.equal(found, [], found.join('\n'))
    // The quote without a route is the API's 400, which the browser logs: the one error expected.
    const logged = [...errors, ...connected.errors]
    assert.ok(logged.filter((e) => e.includes('status of 400')).length <= 1, logged.join('\n'))
    assert.equal(logged.filter((e) => !e.includes('status of 400')), [])
  })
}

test('behavior: the Pay view by keyboard: Tab reaches the wallet, Disconnect and the exchange in order; Enter on the exchange opens its PayQuote, where Tab reaches Continue and Enter starts the payment', async () => {
  const { page } = await connectPayPage(e2e, '/t/a11y-pay-0.html')
  await startPay(page, options)
  await modal(page).getByRole('button', { name: 'Pay with Postern Test Exchange' }).waitFor()
  const seen: string[] = []
  for (let i = 0; i < 6 && !seen.some((s) => s.includes('Postern Test Exchange')); i++) {
    await page.keyboard.press('Tab')
    seen.push(await focusedLabel(page))
  }
  const order = [`Pay with ${WALLET_A.name}`, 'Disconnect', 'Pay with Postern Test Exchange'].map((label) => seen.findIndex((s) => s.includes(label)))
  assert.ok(order.every((n, k) => n >= 0 && (k === 0 || n > order[k - 1]!)), seen.join(' | '))
  await page.keyboard.press('Enter')
  await modal(page).locator('[data-testid=pay-exchange-continue]:not([disabled])').waitFor()
  const reached: string[] = []
  for (let i = 0; i < 10 && !reached.some((s) => s.endsWith(`button ${CONTINUE}`)); i++) {
    await page.keyboard.press('Tab')
    reached.push(await focusedLabel(page))
  }
  assert.ok(reached.some((s) => s.includes('USDC on Ethereum')) && reached.at(-1)!.endsWith(`button ${CONTINUE}`), reached.join(' | '))
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')])
  await el(page, 'pay-loading').waitFor()
  await popup.waitForURL(/\/exchange\?session=/)
  await popup.close()
})

test('behavior: the PayQuote view by keyboard: Tab reaches the options, then Pay; Enter chooses an option, whose quote follows', async () => {
  const { page } = await connectPayPage(e2e, '/t/a11y-pay-0.html')
  await startPay(page, options)
  await modal(page).getByRole('button', { name: `Pay with ${WALLET_A.name}` }).click()
  await el(page, 'pay-fees').waitFor()
  const seen: string[] = []
  for (let i = 0; i < 14 && !seen.some((s) => s.endsWith('button Pay')); i++) {
    await page.keyboard.press('Tab')
    seen.push(await focusedLabel(page))
  }
  const eth = seen.findIndex((s) => s.includes('button ETH on Ethereum'))
  const pay = seen.findIndex((s) => s.endsWith('button Pay'))
  assert.ok(eth >= 0 && pay > eth, seen.join(' | '))
  for (let i = pay; i > eth; i--) await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await modal(page).locator('[aria-pressed=true]', { hasText: 'ETH on Ethereum' }).waitFor()
  await modal(page).locator('[data-testid=pay-total]', { hasText: 'ETH' }).waitFor()
})

test.run()
