// WalletConnect with a catalogue wallet: the deep link on a mobile browser (its URI encoded,
// the pending pairing reused, the link stored and used to bring the wallet forward) and the
// QR plus web app link on desktop. The wallet's own links point at this stack's web server;
// a 204 answer keeps the page where it is, as a phone does when the wallet app takes over.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { verifyMessage } from 'viem'
import { dialog, startE2E, type E2E } from './harness.ts'
import { wcPage } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const test = suite('e2e: WalletConnect wallet links')
let e2e: E2E
let wallet: WcWallet
let contexts: BrowserContext[] = []
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/wc.html', wcPage(e2e.stack))
  wallet = await createWalletConnectWallet({
    relayUrl: e2e.stack.relay.url,
    projectId: e2e.stack.config.projectId,
    rpcUrls: Object.fromEntries(e2e.stack.chains.map((c) => [c.chainId, c.rpcUrl])),
  })
})
test.after(async () => {
  await Promise.allSettled(contexts.map((c) => c.close()))
  await wallet?.stop()
  await e2e?.stop()
})

function localWallet(base: string) {
  return {
    id: 'local-wallet',
    name: 'Local Wallet',
    image_url: `${e2e.stack.api.url}/public/getAssetImage/LW`,
    mobile_link: `${base}/app`,
    webapp_link: `${base}/web`,
    app_store: 'https://apps.apple.com/app/local-wallet/id1',
    play_store: 'javascript:alert(1)',
  }
}

/** Navigations to the wallet's links, answered 204 so the page stays. */
async function captureLinks(page: Page, prefix: string): Promise<string[]> {
  const seen: string[] = []
  await page.context().route(`${prefix}**`, (route: Route) => {
    seen.push(route.request().url())
    return route.fulfill({ status: 204 })
  })
  return seen
}

async function waitForLink(seen: string[], count: number): Promise<string> {
  const deadline = Date.now() + 60_000
  while (seen.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
  assert.ok(seen.length >= count, `link ${count} was opened`)
  return seen[count - 1]!
}

const openWallet = (page: Page, w: ReturnType<typeof localWallet>) =>
  page.evaluate((data) => (window as any).modal.open({ view: 'ConnectingWalletConnect', data: { walletId: data.id, name: data.name, wallet: data } }), w)

test('behavior: on mobile the wallet opens by its deep link with the URI encoded; the pending pairing is reused; success stores link and recent wallet', async () => {
  const context = await e2e.browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, hasTouch: true })
  contexts.push(context)
  const page = await context.newPage()
  const base = `${e2e.stack.web.url}/wallet-links`
  const seen = await captureLinks(page, base)
  await page.goto(`${e2e.stack.web.url}/t/wc.html`)
  await page.locator('appkit-button button').click()
  assert.is(await page.locator('w3m-modal h2').textContent(), 'All Wallets', 'SPEC rule 2: mobile without adapters')
  await openWallet(page, localWallet(base))
  const first = new URL(await waitForLink(seen, 1))
  assert.is(first.pathname, '/wallet-links/app/wc')
  const uri = first.searchParams.get('uri')!
  assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)
  assert.ok(first.search.includes(encodeURIComponent(uri)), 'the URI is percent-encoded once')
  assert.is(await page.evaluate(() => (window as any).modal.store.walletConnect.uri.value), uri)
  await page.locator('w3m-modal p[role=status]', { hasText: 'Continue in Local Wallet' }).waitFor()
  await page.locator('w3m-modal a', { hasText: 'App Store' }).waitFor()
  assert.is(await page.locator('w3m-modal a', { hasText: 'Google Play' }).count(), 0, 'a javascript: store link is never shown')

  // Leaving and coming back reuses the pending pairing (same URI in the new deep link).
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
  await openWallet(page, localWallet(base))
  await page.locator('w3m-modal button', { hasText: 'Open Local Wallet' }).click()
  const again = new URL(await waitForLink(seen, 2))
  assert.is(again.searchParams.get('uri'), uri)

  await wallet.pair(uri)
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('@postern/deeplink_choice')!)), { name: 'Local Wallet', href: `${base}/app/` })
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('@postern/recent_wallets')!).map((w: any) => w.id)), ['local-wallet'])

  // A request brings the wallet forward through the stored link.
  const before = seen.length
  const signature = await page.evaluate((a) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x6869', a] }), wallet.address)
  assert.ok(await verifyMessage({ address: wallet.address, message: 'hi', signature }))
  assert.is(seen[before], `${base}/app/`)
})

test('behavior: on desktop a catalogue wallet gets the QR with its icon, and its web app link carries the URI', async () => {
  const { page, context } = await e2e.newPage()
  const base = `${e2e.stack.web.url}/wallet-links`
  const opened: string[] = []
  context.on('page', (p) => opened.push(p.url()))
  await context.route(`${base}**`, (route) => {
    opened.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>web wallet</title>' })
  })
  await page.goto(`${e2e.stack.web.url}/t/wc.html`)
  await openWallet(page, localWallet(base))
  const qr = page.locator('w3m-modal svg[role=img]')
  await qr.waitFor()
  assert.is(await qr.getAttribute('aria-label'), 'QR code to connect Local Wallet with WalletConnect')
  assert.is(await qr.locator('image').getAttribute('href'), `${e2e.stack.api.url}/public/getAssetImage/LW`)
  await page.waitForFunction(() => {
    const image = document.querySelector('w3m-modal')?.shadowRoot?.querySelector('svg[role=img] image') as SVGImageElement | null
    return !!image && image.getBoundingClientRect().width > 20
  })
  const uri = (await page.locator('w3m-modal [data-wc-uri]').getAttribute('data-wc-uri'))!
  await page.locator('w3m-modal button', { hasText: 'Open the web app' }).click()
  const deadline = Date.now() + 60_000
  while (!opened.some((u) => u.includes('/web/wc?uri=')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
  const web = new URL(opened.find((u) => u.includes('/web/wc?uri='))!)
  assert.is(web.searchParams.get('uri'), uri)
})

test.run()
