import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, focusedLabel, startE2E, type E2E } from './harness.ts'

const page = (apiUrl: string) => `<!doctype html><html><head><meta charset="utf-8"><title>cdn</title><link rel="icon" href="data:,">
<script src="/dist/cdn/postern.js"></script></head><body>
<a href="#" id="before">before</a>
<appkit-button></appkit-button>
<script>window.modal = Postern.createAppKit({ projectId: 'test', apiUrl: '${apiUrl}', networks: [Postern.networks.mainnet], adapters: [{ namespace: 'eip155', setup() {} }] })</script>
</body></html>`

const test = suite('e2e: CDN script tag')
let e2e: E2E
test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/cdn.html', page(e2e.stack.api.url))
})
test.after(async () => e2e?.stop())

test('behavior: only the classic script: the button renders, click opens the modal, Escape closes it', async () => {
  const { page: tab, errors } = await e2e.newPage()
  const page = tab
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  await page.goto(`${e2e.stack.web.url}/t/cdn.html`)
  const button = page.locator('appkit-button button')
  await button.waitFor({ state: 'visible' })
  assert.is(await button.textContent(), 'Connect Wallet')
  await button.click()
  await dialog(page).waitFor({ state: 'visible' })
  assert.is(await page.locator('w3m-modal h2').textContent(), 'Connect Wallet')
  assert.ok(scripts.some((s) => s.startsWith('/dist/cdn/classic/')), `the modal chunk was loaded on demand: ${scripts}`)
  const width = await page.locator('w3m-modal .card').evaluate((el) => el.getBoundingClientRect().width)
  assert.is(Math.round(width), 360)
  const zIndex = await page.locator('w3m-modal .overlay').evaluate((el) => getComputedStyle(el).zIndex)
  assert.is(zIndex, '999')
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
  assert.is(await page.evaluate(() => (window as any).modal.getState().open), false)
  assert.equal(errors, [])
})

test('behavior: dist/cdn/networks.js adds every network to Postern.networks, loaded after or before postern.js', async () => {
  const body = (scripts: string) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">${scripts}</head><body><appkit-button></appkit-button>
<script>window.modal = Postern.createAppKit({ projectId: 'test', apiUrl: '${e2e.stack.api.url}', networks: [Postern.networks.mainnet, Postern.networks.zora], adapters: [{ namespace: 'eip155', setup() {} }] })</script></body></html>`
  e2e.stack.web.setPage('/t/cdn-networks-after.html', body('<script src="/dist/cdn/postern.js"></script><script src="/dist/cdn/networks.js"></script>'))
  e2e.stack.web.setPage('/t/cdn-networks-before.html', body('<script src="/dist/cdn/networks.js"></script><script src="/dist/cdn/postern.js"></script>'))
  e2e.stack.web.setPage('/t/cdn-networks-none.html', '<!doctype html><html><head><script src="/dist/cdn/postern.js"></script></head><body></body></html>')
  for (const order of ['after', 'before']) {
    const { page, errors } = await e2e.newPage()
    await page.goto(`${e2e.stack.web.url}/t/cdn-networks-${order}.html`)
    const ids = await page.evaluate(() => {
      const P = (window as any).Postern
      return [P.networks.arbitrumNova.caipNetworkId, P.networks.bitcoin.caipNetworkId, (window as any).modal.getCaipNetworks().map((n: any) => n.caipNetworkId)]
    })
    assert.equal(ids, ['eip155:42170', 'bip122:000000000019d6689c085ae165831e93', ['eip155:1', 'eip155:7777777']], order)
    assert.equal(errors, [])
  }
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/cdn-networks-none.html`)
  const common = await page.evaluate(() => Object.keys((window as any).Postern.networks).sort())
  assert.equal(common, ['mainnet', 'optimism', 'polygon', 'solana', 'solanaDevnet', 'solanaLocal'])
})

test('behavior: themeVariables (--apkt-* winning) reach the buttons and the modal; no themeMode follows the colour scheme', async () => {
  e2e.stack.web.setPage('/t/cdn-theme.html', `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script src="/dist/cdn/postern.js"></script></head><body><appkit-button></appkit-button>
<script>window.modal = Postern.createAppKit({ projectId: 'test', apiUrl: '${e2e.stack.api.url}', networks: [Postern.networks.mainnet], adapters: [{ namespace: 'eip155', setup() {} }],
  themeVariables: { '--w3m-accent': '#00ff00', '--apkt-accent': '#ff0000', '--w3m-font-family': 'monospace', '--apkt-z-index': 1234 } })</script></body></html>`)
  const { page, errors } = await e2e.newPage()
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(`${e2e.stack.web.url}/t/cdn-theme.html`)
  const button = page.locator('appkit-button button')
  await button.waitFor({ state: 'visible' })
  const buttonStyle = await button.evaluate((el) => ({ accent: getComputedStyle(el).getPropertyValue('--w3m-accent').trim(), font: getComputedStyle(el).fontFamily }))
  assert.equal(buttonStyle, { accent: '#ff0000', font: 'monospace' })
  assert.is(await page.evaluate(() => (window as any).modal.getThemeMode()), 'light')
  await button.click()
  await dialog(page).waitFor({ state: 'visible' })
  const modal = await page.locator('w3m-modal .overlay').evaluate((el) => ({ z: getComputedStyle(el).zIndex, font: getComputedStyle(el).fontFamily, theme: (el.getRootNode() as ShadowRoot).host.getAttribute('data-theme') }))
  assert.equal(modal, { z: '1234', font: 'monospace', theme: 'light' })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForFunction(() => document.querySelector('w3m-modal')?.getAttribute('data-theme') === 'dark')
  assert.equal(errors, [])
})

test('behavior: keyboard only: Tab to the button, Enter opens, focus is inside and trapped, Escape returns focus', async () => {
  const { page: tab, errors } = await e2e.newPage()
  const page = tab
  await page.goto(`${e2e.stack.web.url}/t/cdn.html`)
  await page.locator('appkit-button button').waitFor({ state: 'visible' })
  await page.keyboard.press('Tab') // the link
  await page.keyboard.press('Tab') // the button
  assert.match(await focusedLabel(page), 'appkit-button button Connect Wallet')
  await page.keyboard.press('Enter')
  await dialog(page).waitFor({ state: 'visible' })
  await page.waitForFunction(() => !!document.querySelector('w3m-modal')?.shadowRoot?.activeElement)
  assert.match(await focusedLabel(page), /^w3m-modal /)
  const seen = new Set<string>()
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    const label = await focusedLabel(page)
    assert.match(label, /^w3m-modal /, `Tab ${i} left the dialog: ${label}`)
    seen.add(label)
  }
  assert.ok(seen.size >= 2, 'Tab moved between controls')
  await page.keyboard.press('Shift+Tab')
  assert.match(await focusedLabel(page), /^w3m-modal /)
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
  assert.match(await focusedLabel(page), 'appkit-button button')
  assert.equal(errors, [])
})

test.run()
