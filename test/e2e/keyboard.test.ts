// Keyboard and screen readers (issue 17, item 2): every view by keyboard alone, focus on each new
// view's heading, arrow keys in the lists, live regions for toasts and errors, reduced motion,
// and the dialog usable at 320 CSS px wide and at 200 % zoom.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, focusedLabel, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'

const test = suite('e2e: keyboard, screen readers, reduced motion, reflow')
let e2e: E2E

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/kb.html', evmPage(e2e.stack))
})
test.after(async () => {
  await e2e?.stop()
})

const modal = (page: Page) => page.locator('w3m-modal')
/** The heading that has focus once the view's title is `title`. */
const headingFocused = (page: Page, title: string) =>
  page.waitForFunction((t) => {
    const root = document.querySelector('w3m-modal')?.shadowRoot
    return root?.activeElement?.localName === 'h2' && root.activeElement.textContent === t
  }, title)
/**
 * Presses `key` and waits for focus to move: the arrow keys' code is its own chunk, which a loaded
 * machine can take seconds to load (the caller asserts where focus went).
 */
async function press(page: Page, key: string): Promise<void> {
  const before = await focusedLabel(page)
  await page.keyboard.press(key)
  for (const end = Date.now() + 20_000; (await focusedLabel(page)) === before && Date.now() < end;) await page.waitForTimeout(50)
}
/** Presses `key` until the focused element's label contains `text` (at most `max` times). */
async function pressUntil(page: Page, key: string, text: string, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await focusedLabel(page)).includes(text)) return
    await press(page, key)
  }
  assert.match(await focusedLabel(page), text)
}

test('behavior: connect, switch network and come back with the keyboard alone; focus on each heading; arrows in the lists', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/kb.html`)
  await page.locator('appkit-button button').waitFor()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await headingFocused(page, 'Connect Wallet')
  await modal(page).locator('.item', { hasText: WALLET_A.name }).waitFor()
  await page.keyboard.press('Tab') // Close
  await page.keyboard.press('Tab') // the list's first item
  const first = await focusedLabel(page)
  await press(page, 'ArrowDown')
  assert.is.not(await focusedLabel(page), first, 'ArrowDown moves in the wallet list')
  await press(page, 'ArrowUp')
  assert.is(await focusedLabel(page), first, 'ArrowUp moves back')
  await pressUntil(page, 'ArrowDown', WALLET_A.name)
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  await dialog(page).waitFor({ state: 'detached' })
  assert.match(await focusedLabel(page), 'appkit-button button')

  await page.keyboard.press('Enter')
  await headingFocused(page, 'Account')
  await pressUntil(page, 'Tab', 'Ethereum', 40)
  await page.keyboard.press('Enter')
  await headingFocused(page, 'Choose Network')
  // Close, then Ethereum (the active one): waited for, as a loaded machine can lag a key behind.
  await pressUntil(page, 'Tab', 'Ethereum', 4)
  await press(page, 'End')
  assert.match(await focusedLabel(page), 'Polygon')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  await headingFocused(page, 'Account')
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
  assert.match(await focusedLabel(page), 'appkit-button button')
})

test('behavior: All Wallets and a wallet\'s QR by keyboard: search box first, arrows across the grid, Copy link reachable', async () => {
  const { page, context } = await e2e.newPage()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.web.url })
  await page.goto(`${e2e.stack.web.url}/t/kb.html`)
  await page.locator('appkit-button button').focus()
  await page.keyboard.press('Enter')
  await headingFocused(page, 'Connect Wallet')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await press(page, 'End')
  assert.match(await focusedLabel(page), 'All Wallets')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.querySelector('w3m-modal')?.shadowRoot?.activeElement?.getAttribute('aria-label') === 'Search wallet')
  await modal(page).locator('.aw-item').nth(5).waitFor()
  // A tile's name (its icon turns from initials to an image while the test runs).
  const tileName = () => page.evaluate(() => document.querySelector('w3m-modal')!.shadowRoot!.activeElement?.querySelector('.aw-name')?.textContent ?? '')
  await page.keyboard.press('Tab')
  const tile = await tileName()
  await press(page, 'ArrowRight')
  const next = await tileName()
  assert.ok(next && next !== tile, 'ArrowRight moves to the next tile')
  await press(page, 'ArrowDown')
  assert.is.not(await tileName(), next, 'ArrowDown moves a row down')
  await press(page, 'ArrowUp')
  assert.is(await tileName(), next, 'Down then Up returns to the same tile')
  const name = next
  await page.keyboard.press('Enter')
  await headingFocused(page, name)
  await modal(page).locator('svg[role=img]').waitFor()
  await pressUntil(page, 'Tab', 'Copy link')
  await page.waitForFunction(() => !document.querySelector('w3m-modal')?.shadowRoot?.activeElement?.hasAttribute('disabled'))
  await page.keyboard.press('Enter')
  // The success toast is announced politely (role=status), not as an alert.
  await modal(page).locator('[role=status] .toast.success').waitFor()
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^wc:/)
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
})

test('behavior: an error toast is an alert; a view\'s error text is an alert', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/kb.html`)
  await page.locator('appkit-button button').click()
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('reject'), WALLET_A.rdns)
  await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
  await modal(page).locator('p.error[role=alert]', { hasText: 'Connection declined' }).waitFor()
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('approve'), WALLET_A.rdns)
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  await page.locator('appkit-button button').click()
  await modal(page).locator('[data-testid=account-network]').click()
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('reject'), WALLET_A.rdns)
  await modal(page).locator('.item', { hasText: 'Polygon' }).click()
  await modal(page).locator('[role=alert] .toast.error', { hasText: 'Switch declined' }).waitFor()
  assert.is(await modal(page).locator('[role=status] .toast').count(), 0)
})

test('behavior: prefers-reduced-motion stops the dialog\'s animations', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/kb.html`)
  await page.locator('appkit-button button').click()
  const card = modal(page).locator('.card')
  assert.is(await card.evaluate((c) => getComputedStyle(c).animationName), 'rise')
  await page.keyboard.press('Escape')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.locator('appkit-button button').click()
  assert.is(await card.evaluate((c) => getComputedStyle(c).animationName), 'none')
  assert.is(await modal(page).locator('.overlay').evaluate((c) => getComputedStyle(c).animationName), 'none')
})

/** Nothing sticks out sideways: the page does not scroll horizontally and the card's content fits it. */
async function fits(page: Page, view: string, width: number) {
  const m = await page.evaluate(async () => {
    const card = document.querySelector('w3m-modal')!.shadowRoot!.querySelector<HTMLElement>('.card')!
    // Measured at rest: the card rises 12px as it opens.
    await Promise.all(card.getAnimations().map((a) => a.finished))
    const r = card.getBoundingClientRect()
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, scroll: card.scrollWidth, client: card.clientWidth, page: document.documentElement.scrollWidth, vh: innerHeight }
  })
  assert.ok(m.left >= 0 && m.right <= width + 0.5, `${view}: card at ${m.left}..${m.right} in ${width}px`)
  assert.ok(m.scroll <= m.client, `${view}: the card scrolls sideways (${m.scroll} > ${m.client})`)
  assert.ok(m.page <= width, `${view}: the page scrolls sideways (${m.page})`)
  assert.ok(m.top >= 0 && m.bottom <= m.vh + 0.5, `${view}: the card leaves the viewport vertically`)
}

for (const [label, viewport] of [['320 CSS px wide', { width: 320, height: 640 }], ['200 % zoom of 1280x800', { width: 640, height: 400 }]] as const) {
  test(`behavior: at ${label} every view fits and stays usable`, async () => {
    const { page } = await e2e.newPage()
    await page.setViewportSize(viewport)
    await page.goto(`${e2e.stack.web.url}/t/kb.html`)
    await page.locator('appkit-button button').click()
    await modal(page).locator('.item', { hasText: WALLET_A.name }).waitFor()
    await fits(page, 'Connect', viewport.width)
    await modal(page).locator('.item', { hasText: 'All Wallets' }).click()
    await modal(page).locator('.aw-item').first().waitFor()
    await fits(page, 'AllWallets', viewport.width)
    await modal(page).locator('.aw-item').first().click()
    await modal(page).locator('svg[role=img]').waitFor()
    await fits(page, 'ConnectingWalletConnect', viewport.width)
    await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
    await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
    await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
    await page.waitForFunction(() => (window as any).modal.getIsConnected())
    await page.locator('appkit-button button').click()
    await modal(page).locator('[data-testid=account-name]').waitFor()
    await fits(page, 'Account', viewport.width)
    // The last control can be scrolled to and used.
    await modal(page).locator('.item', { hasText: 'Disconnect' }).click()
    await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  })
}

test.run()
