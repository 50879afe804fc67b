// All Wallets in Chromium against the reference API server: paging, search, choosing, 403, origins.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, focusedLabel, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'

const METAMASK = { name: 'MetaMask', rdns: 'io.metamask' }
const TRUST_ID = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'

const test = suite('e2e: All Wallets')
let e2e: E2E
test.before(async () => {
  e2e = await startE2E()
  const { web } = e2e.stack
  web.setPage('/t/aw.html', evmPage(e2e.stack))
  web.setPage('/t/aw-metamask.html', evmPage(e2e.stack, { wallets: [METAMASK] }))
  web.setPage('/t/aw-featured.html', evmPage(e2e.stack, { options: `featuredWalletIds: ['${TRUST_ID}'],` }))
  web.setPage('/t/aw-403.html', evmPage(e2e.stack, { options: `projectId: 'unknown-project',` }))
  web.setPage('/t/aw-email.html', evmPage(e2e.stack, { options: `features: { email: true },` }))
})
test.after(async () => e2e?.stop())

const tiles = (page: Page) => page.locator('w3m-modal .aw-item')
const title = (page: Page) => page.locator('w3m-modal h2')
const toast = (page: Page) => page.locator('w3m-modal .toast')
const route = (page: Page) => page.evaluate(() => {
  const stack = (window as any).modal.store.modal.stack.value
  const top = stack[stack.length - 1]
  return { view: top.view as string, walletId: top.data?.walletId as string | undefined, name: top.data?.name as string | undefined }
})

async function openAllWallets(page: Page, path = '/t/aw.html') {
  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'All Wallets' }).click()
  await title(page).filter({ hasText: 'All Wallets' }).waitFor()
  await page.waitForFunction(() => (document.querySelector('w3m-modal')?.shadowRoot?.querySelectorAll('.aw-item').length ?? 0) >= 40)
}

async function search(page: Page, text: string) {
  const box = page.locator('w3m-modal input[aria-label="Search wallet"]')
  await box.fill(text)
}

test('behavior: scrolling appends pages of 40 with no repeats; requests carry projectId, st, sv and chains', async () => {
  const { page, errors } = await e2e.newPage()
  const calls: URL[] = []
  page.on('request', (r) => r.url().includes('/getWallets') && calls.push(new URL(r.url())))
  await openAllWallets(page)
  const scroller = page.locator('w3m-modal .aw-scroll')
  for (let target = 80; target <= 160; target += 40) {
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight))
    await page.waitForFunction((n) => (document.querySelector('w3m-modal')?.shadowRoot?.querySelectorAll('.aw-item').length ?? 0) >= n, target)
  }
  const shown = await tiles(page).count()
  assert.ok(shown >= 160, `shown ${shown}`)
  const ids: string[] = await page.evaluate(() => (window as any).modal.store.wallets.all.value.map((w: { id: string }) => w.id))
  assert.is(ids.length, shown)
  assert.is(new Set(ids).size, ids.length, 'no duplicates')
  const pages = calls.filter((u) => !u.searchParams.get('include') && u.searchParams.get('entries') === '40')
  assert.equal(pages.map((u) => u.searchParams.get('page')).slice(0, 4), ['1', '2', '3', '4'])
  for (const u of pages) {
    assert.is(u.searchParams.get('projectId'), 'postern-demo')
    assert.is(u.searchParams.get('st'), 'postern')
    assert.is(u.searchParams.get('sv'), 'html-postern-0.1.0')
    assert.is(u.searchParams.get('chains'), 'eip155:1,eip155:137')
  }
  // Icons come from the provider's image endpoint and load.
  await page.locator('w3m-modal .aw-item img.wimg').first().waitFor()
  const src = await page.locator('w3m-modal .aw-item img.wimg').first().getAttribute('src')
  assert.match(src ?? '', '/getWalletImage/')
  assert.equal(errors, [])
})

test('behavior: search finds MetaMask; nonsense shows the empty state; clearing restores the list', async () => {
  const { page, errors } = await e2e.newPage()
  await openAllWallets(page)
  await search(page, 'meta')
  await tiles(page).filter({ hasText: 'MetaMask' }).waitFor()
  assert.ok((await tiles(page).count()) <= 100)
  await search(page, 'zzqqxxnonsense')
  await page.locator('w3m-modal .aw-scroll p', { hasText: 'No Wallet found' }).waitFor()
  assert.is(await tiles(page).count(), 0)
  await page.locator('w3m-modal button[aria-label="Clear search"]').click()
  await page.waitForFunction(() => (document.querySelector('w3m-modal')?.shadowRoot?.querySelectorAll('.aw-item').length ?? 0) >= 40)
  assert.match(await focusedLabel(page), 'Search wallet', 'focus returns to the search box')
  assert.equal(errors, [])
})

test('behavior: keyboard only: the search box has focus, Load more is reachable by Tab and loads a page', async () => {
  const { page, errors } = await e2e.newPage()
  await openAllWallets(page)
  await page.waitForFunction(() => document.querySelector('w3m-modal')?.shadowRoot?.activeElement?.getAttribute('aria-label') === 'Search wallet')
  const before = await tiles(page).count()
  let label = ''
  // Shift+Tab from the search box passes the header's buttons and wraps to the last control.
  for (let i = 0; i < 6 && !label.endsWith('Load more'); i++) {
    await page.keyboard.press('Shift+Tab')
    label = await focusedLabel(page)
    assert.match(label, /^w3m-modal /)
  }
  assert.match(label, 'Load more')
  await page.keyboard.press('Enter')
  await page.waitForFunction((n) => (document.querySelector('w3m-modal')?.shadowRoot?.querySelectorAll('.aw-item').length ?? 0) > n, before)
  assert.equal(errors, [])
})

test('behavior: a wallet without an installed connector opens ConnectingWalletConnect and becomes recent', async () => {
  const { page, errors } = await e2e.newPage()
  await openAllWallets(page)
  await search(page, 'trust')
  await tiles(page).filter({ hasText: 'Trust Wallet' }).first().click()
  await page.waitForFunction(() => {
    const stack = (window as any).modal.store.modal.stack.value
    return stack[stack.length - 1].view === 'ConnectingWalletConnect'
  })
  assert.equal(await route(page), { view: 'ConnectingWalletConnect', walletId: TRUST_ID, name: 'Trust Wallet' })
  const recent = await page.evaluate(() => JSON.parse(localStorage.getItem('@postern/recent_wallets') ?? '[]').map((w: { id: string }) => w.id))
  assert.equal(recent, [TRUST_ID])
  // After a reload, Connect lists it under Recent.
  await page.reload()
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: 'Trust Wallet' }).filter({ hasText: 'RECENT' }).waitFor()
  assert.equal(errors, [])
})

test('behavior: a wallet with an installed connector (same rdns) opens ConnectingExternal and connects', async () => {
  const { page, errors } = await e2e.newPage()
  await openAllWallets(page, '/t/aw-metamask.html')
  await search(page, 'metamask')
  await tiles(page).filter({ hasText: 'MetaMask' }).first().click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  const info = await page.evaluate(() => (window as any).modal.getWalletInfo())
  assert.is(info?.name, 'MetaMask')
  const methods = await page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.map((e: { method: string }) => e.method), METAMASK.rdns)
  assert.ok(methods.includes('eth_requestAccounts'))
  assert.equal(errors, [])
})

test('behavior: Connect shows featured wallets first and four recommended ones, fetched once', async () => {
  const { page, errors } = await e2e.newPage()
  const calls: string[] = []
  page.on('request', (r) => r.url().includes('/getWallets') && calls.push(r.url()))
  await page.goto(`${e2e.stack.web.url}/t/aw-featured.html`)
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: 'Trust Wallet' }).waitFor()
  await page.waitForFunction(() => (window as any).modal.store.wallets.recommended.value.length === 4)
  const recommended: string[] = await page.evaluate(() => (window as any).modal.store.wallets.recommended.value.map((w: { name: string }) => w.name))
  for (const name of recommended) await page.locator('w3m-modal .item', { hasText: name }).first().waitFor()
  assert.not.ok(recommended.includes('Trust Wallet'))
  // Close and reopen: nothing is fetched again.
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: 'Trust Wallet' }).waitFor()
  assert.is(calls.length, 2, calls.join('\n'))
  assert.is(await page.locator('w3m-modal .item', { hasText: WALLET_A.name }).count(), 1)
  assert.equal(errors, [])
})

test('behavior: an unknown project id (403) shows Invalid App Configuration once', async () => {
  const { page, errors } = await e2e.newPage()
  const toasts: string[] = []
  await page.exposeFunction('__toast', (text: string) => toasts.push(text))
  await page.goto(`${e2e.stack.web.url}/t/aw-403.html`)
  await page.evaluate(() => {
    ;(window as any).modal.store.toast.current.subscribe((t: { id: number; message: string } | null) => t && (window as any).__toast(`${t.id}:${t.message}`))
  })
  await page.locator('appkit-button button').click()
  await toast(page).filter({ hasText: 'Invalid App Configuration' }).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'All Wallets' }).click()
  await page.locator('w3m-modal p.error', { hasText: 'Failed to load wallets' }).waitFor()
  await page.locator('w3m-modal button', { hasText: 'Try again' }).click()
  await page.locator('w3m-modal p.error', { hasText: 'Failed to load wallets' }).waitFor()
  assert.is(new Set(toasts).size, 1, toasts.join(', '))
  const ours = errors.filter((e) => e.includes('[postern] Invalid App Configuration'))
  assert.is(ours.length, 1, errors.join('\n'))
})

test('behavior: with e-mail on, an origin off the allow list shows Invalid App Configuration', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/aw-email.html`)
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: 'All Wallets' }).waitFor()
  await page.waitForFunction(() => (window as any).modal.store.wallets.analytics.value === true)
  assert.is(await toast(page).count(), 0, 'the loopback origin is allowed')

  e2e.stack.api.setAllowedOrigins(['https://shop.example.com'])
  try {
    const second = await e2e.newPage()
    await second.page.goto(`${e2e.stack.web.url}/t/aw-email.html`)
    await second.page.locator('appkit-button button').click()
    await toast(second.page).filter({ hasText: 'Invalid App Configuration' }).waitFor()
    assert.ok(second.errors.some((e) => e.includes('is not on the project')))
  } finally {
    e2e.stack.api.setAllowedOrigins(['http://127.0.0.1:*', 'http://localhost:*'])
  }
  assert.equal(errors, [])
})

test.run()
