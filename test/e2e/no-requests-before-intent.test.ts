// Nothing before intent: loading a page and rendering the button asks nothing of anyone but the
// page's own origin and the configured API (no relay WebSocket, no RPC, no image CDN). The relay
// is reached when the visitor picks WalletConnect, or on load when a stored session is restored.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { sitePage } from './site-page.ts'

const test = suite('e2e: no request before intent')
let e2e: E2E
test.before(async () => {
  e2e = await startE2E({ reactDemo: false })
  // A WalletConnect-only page: with no adapter WalletConnect is the only way in.
  e2e.stack.web.setPage('/t/wc-only.html', sitePage(e2e.stack, { title: 'wc-only', adapters: '[]' }))
})
test.after(async () => e2e?.stop())

/** Every request and WebSocket the page opens, from before navigation on. */
function record(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (r) => urls.push(r.url()))
  page.on('websocket', (w) => urls.push(w.url()))
  return urls
}

const origin = (url: string) => new URL(url).origin

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Loads the page, waits for the button and for the idle-time prefetch and adapter start to settle. */
async function loadQuietly(path: string) {
  const { page, errors } = await e2e.newPage()
  const urls = record(page)
  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.locator('appkit-button button').waitFor({ state: 'visible' })
  // Idle prefetch, adapter start-up, EIP-6963 discovery and any timer-driven work happen here.
  await page.waitForTimeout(3000)
  return { page, urls, errors }
}

function assertOnlyOwnOrigins(urls: string[], what: string, also: string[] = []) {
  const allowed = new Set([origin(e2e.stack.web.url), origin(e2e.stack.api.url), ...also.map(origin)])
  const outside = urls.filter((u) => !u.startsWith('data:') && !allowed.has(origin(u)))
  assert.equal(outside, [], `${what}: requests outside the page's origin and the API: ${outside.join(', ')}`)
  assert.ok(urls.some((u) => u.includes('/dist/cdn/postern.js')), `${what}: the recording saw the page load (${urls.length} requests)`)
}

test('the script-tag demo (EVM + Solana adapters, injected wallets): only the page and the API before a click', async () => {
  const { page, urls, errors } = await loadQuietly('/')
  assertOnlyOwnOrigins(urls, 'demo page')
  // No RPC read before a connection: the chains' RPC servers are outside the allowed origins above.
  const rpc = Object.values(e2e.stack.config.rpcUrls).map(origin)
  assert.equal(urls.filter((u) => rpc.includes(origin(u))), [])
  assert.is(await page.locator('appkit-button button').textContent(), 'Connect Wallet')
  // Opening the wallet list is not picking WalletConnect: still no relay, no RPC.
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).first().waitFor()
  await page.waitForTimeout(2000)
  // The Connect view offers the e-mail login: the embedded wallet's secure site loads with it.
  assertOnlyOwnOrigins(urls, 'demo page with the Connect view open', [e2e.stack.secure.url])
  await page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).first().click()
  const relay = origin(e2e.stack.relay.url.replace(/^ws/, 'http'))
  await waitFor(() => urls.some((u) => origin(u.replace(/^ws/, 'http')) === relay), 20_000)
  assert.equal(errors, [])
})

test('the ESM demo: only the page and the API before a click', async () => {
  const { urls, errors } = await loadQuietly('/esm.html')
  assertOnlyOwnOrigins(urls.concat(`${e2e.stack.web.url}/dist/cdn/postern.js`), 'ESM demo')
  assert.ok(urls.some((u) => u.includes('/dist/esm/index.js')), 'the ESM build loaded')
  assert.equal(errors, [])
})

test('a WalletConnect-only page: no relay socket at load; the relay is reached once the visitor opens WalletConnect', async () => {
  const { page, urls, errors } = await loadQuietly('/t/wc-only.html')
  assertOnlyOwnOrigins(urls, 'WalletConnect-only page')
  const relay = origin(e2e.stack.relay.url.replace(/^ws/, 'http'))
  const toRelay = () => urls.filter((u) => origin(u.replace(/^ws/, 'http')) === relay)
  assert.equal(toRelay(), [])
  // Intent: the click. With no adapter the modal opens on the WalletConnect view, which pairs.
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor({ state: 'visible' })
  await waitFor(() => toRelay().length > 0, 20_000)
  assert.equal(errors, [])
})

test.run()
