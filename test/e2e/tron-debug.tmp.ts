import { dialog, startE2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { sendForm } from './send-page.ts'
const e2e = await startE2E()
const account = (i: number) => e2e.stack.tron.accounts[i]!.address
e2e.stack.web.setPage('/t/tron-site.js', await bundleSite('test/e2e/tron-site.ts'))
e2e.stack.web.setPage('/t/tron.html', `<!doctype html><html><head><meta charset="utf-8"><title>react-tron</title><link rel="icon" href="data:,">
<script src="/tron-test-wallet.js"></script><script src="/demo-config.js"></script></head>
<body data-receiver="${account(2)}"><appkit-button></appkit-button><button id="sign-button">Sign msg</button><button id="send-button">Send tx</button>
<pre id="sign"></pre><pre id="send"></pre><pre id="error"></pre><script src="/t/tron-site.js"></script></body></html>`)
const { page, errors } = await e2e.newPage()
page.on('console', (m) => console.log('console:', m.type(), m.text()))
await page.goto(`${e2e.stack.web.url}/t/tron.html`)
await page.locator('appkit-button button').click()
await dialog(page).waitFor()
await page.locator('w3m-modal .item', { hasText: 'TronLink' }).click()
await dialog(page).waitFor({ state: 'detached' })
await page.waitForTimeout(3000)
console.log('BUTTON:', await page.locator('appkit-button').evaluate((el) => el.shadowRoot?.textContent ?? el.textContent))
console.log('ACCOUNT:', JSON.stringify(await page.evaluate(() => { const a = (window as any).appKit.getAccount('tron'); return { balance: a?.balance, sym: a?.balanceSymbol, tb: a?.tokenBalance, err: a?.balanceError } })))
const form = sendForm(page)
await page.evaluate(() => (window as any).appKit.open({ view: 'WalletSend' }))
await page.waitForTimeout(1500)
console.log('OPTIONS:', await form.token.evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.value + '=' + o.textContent)).catch((e) => String(e)))
await form.choose('native:TRX').catch((e) => console.log('choose failed', String(e)))
await form.amount.fill('2.5')
await form.receiver.fill(account(1))
await page.waitForTimeout(1500)
await form.submit.filter({ hasText: 'Preview Send' }).click()
await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/trondbg/send.png' })
console.log('MODAL:', await form.modal.evaluate((el) => el.shadowRoot?.textContent))
console.log('ERRORS:', errors)
await e2e.stop()
process.exit(0)
