// The whole connect flow on a page whose Content-Security-Policy allows only same-origin scripts
// and same-origin stylesheets (no 'unsafe-inline', no 'unsafe-eval'): zero violation reports.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const test = suite('e2e: strict Content-Security-Policy')
let e2e: E2E

/** sha256 of the probe's inline style, 'body{margin:1px}', as Chromium quotes it. */
const PROBE_HASH = 'KLb89YoA/LhMTBtgUAfpSxgU5iizl16aRIuYm3YpOvQ='
export const STRICT_CSP = "script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'"

/** The site's own script, an external file as the CSP demands: createAppKit with the EVM adapter. */
const APP_JS = `const config = window.POSTERN_DEMO
window.modal = Postern.createAppKit({
  projectId: config.projectId,
  networks: [Postern.networks.mainnet, Postern.networks.polygon],
  adapters: [Postern.adapters.eip155()],
  apiUrl: config.apiUrl, blockchainApiUrl: config.blockchainApiUrl, relayUrl: config.relayUrl, rpcUrls: config.rpcUrls,
  features: { email: false, socials: false },
})
`
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>csp</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script><script src="/test-wallet.js"></script>
<script src="/dist/cdn/postern.js"></script><script src="/t/csp-app.js"></script>
</head><body><appkit-button></appkit-button></body></html>`

test.before(async () => {
  e2e = await startE2E({ reactDemo: true })
  e2e.stack.web.setPage('/t/csp-app.js', APP_JS)
  e2e.stack.web.setPage('/t/csp.html', PAGE, undefined, { 'content-security-policy': STRICT_CSP })
})
test.after(async () => {
  await e2e?.stop()
})

/** Every securitypolicyviolation event the page fires, recorded before its first script runs. */
async function watchViolations(page: Page): Promise<{ list(): Promise<string[]>; clear(): Promise<void> }> {
  await page.addInitScript(() => {
    const seen: string[] = ((window as any).__csp = [])
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`), true)
  })
  const console: string[] = []
  // Chromium's console lines too, except those about the test's own probe (its hash is below).
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && !m.text().includes(PROBE_HASH) && console.push(`${m.text()} at ${JSON.stringify(m.location())}`))
  return {
    list: async () => [...(await page.evaluate(() => (window as any).__csp as string[])), ...console],
    clear: async () => {
      await page.evaluate(() => ((window as any).__csp.length = 0))
      console.length = 0
    },
  }
}

test('behavior: connect, see the account and its balance, browse All Wallets and the QR, disconnect: no CSP violation', async () => {
  const { page, errors } = await e2e.newPage()
  const violations = await watchViolations(page)
  const response = await page.goto(`${e2e.stack.web.url}/t/csp.html`)
  assert.is(response?.headers()['content-security-policy'], STRICT_CSP)
  await page.locator('appkit-button button').waitFor()
  assert.equal(await violations.list(), [], 'at load')
  // The policy is live: an inline style is refused on this page.
  await page.evaluate(() => document.head.append(Object.assign(document.createElement('style'), { textContent: 'body{margin:1px}' })))
  await page.waitForFunction(() => (window as any).__csp.length > 0)
  assert.match((await violations.list())[0]!, 'style-src')
  await violations.clear()

  // The page button is styled (its adopted sheet applies): accent background, 40px tall.
  const button = page.locator('appkit-button button')
  assert.is(await button.evaluate((b) => getComputedStyle(b).height), '40px')
  await button.click()
  await dialog(page).waitFor()
  assert.is(await dialog(page).evaluate((d) => getComputedStyle(d).width), '360px')

  await page.locator('w3m-modal .item', { hasText: 'All Wallets' }).click()
  await page.locator('w3m-modal .aw-item').first().click()
  await page.locator('w3m-modal svg[role=img]').waitFor()
  await page.locator('w3m-modal').getByRole('button', { name: 'Back', exact: true }).click()
  await page.locator('w3m-modal').getByRole('button', { name: 'Back', exact: true }).click()

  await page.locator('w3m-modal .item', { hasText: 'Postern Test Wallet' }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), demoAddresses()[0])
  await page.locator('appkit-button button', { hasText: 'ETH' }).waitFor()
  await button.click()
  await page.locator('w3m-modal [data-testid=account-balance]', { hasText: 'ETH' }).waitFor()
  // The Account view's own sheet is adopted too: its tabs are laid out as flex.
  assert.is(await page.locator('w3m-modal [role=tablist]').evaluate((t) => getComputedStyle(t).display), 'flex')
  await page.locator('w3m-modal').getByRole('tab', { name: 'Activity' }).click()
  await page.locator('w3m-modal [data-testid=feature-receive]').click()
  await page.locator('w3m-modal [data-testid=receive-address]').waitFor()
  assert.is(await page.locator('w3m-modal .receive').evaluate((r) => getComputedStyle(r).display), 'flex')
  await page.locator('w3m-modal').getByRole('button', { name: 'Back', exact: true }).click()
  await page.locator('w3m-modal .item', { hasText: 'Disconnect' }).click()
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())

  assert.equal(await violations.list(), [])
  assert.equal(await violations.list(), [])
  assert.equal(errors.filter((e) => !e.includes(PROBE_HASH)), [])
})

test('behavior: the demo pages (script tag, ESM, React) carry the strict policy and open the modal with no violation', async () => {
  for (const path of ['/', '/esm.html', '/react.html']) {
    const { page, errors } = await e2e.newPage()
    const violations = await watchViolations(page)
    await page.goto(`${e2e.stack.web.url}${path}`)
    assert.is(await page.locator('meta[http-equiv=Content-Security-Policy]').getAttribute('content'), STRICT_CSP, path)
    await page.locator('appkit-button button').click()
    await page.locator('w3m-modal .item', { hasText: 'Postern Test Wallet' }).click()
    await page.waitForFunction(() => (window as any).modal?.getIsConnected?.() ?? document.querySelector('appkit-button')?.shadowRoot?.textContent?.includes('ETH'))
    assert.equal(await violations.list(), [], path)
    assert.equal(errors, [], path)
  }
})

test.run()
