// TRON on the local stack: TronLink's own wallet adapter (@tronweb3/tronwallet-adapter-tronlink)
// drives the TronLink-style test wallet; the modal connects it, shows the TRX and USDT balances
// the local node holds, sends TRX through the Send view, and the provider signs a message that
// verifies and sends a transfer the node has. Nothing is mocked.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { sendForm } from './send-page.ts'
import { DEMO_TRC20, verifyMessageV2 } from '../../dev/tron/index.ts'
import { toHexAddress } from '../../dev/tron/crypto.ts'

const test = suite('e2e: TRON')
let e2e: E2E
const account = (i: number) => e2e.stack.tron.accounts[i]!.address
/** A balance as the modal shows it: TRX to 3 decimals. */
const shown = (sun: bigint) => `${sun / 1_000_000n}.${String((sun % 1_000_000n) / 1000n).padStart(3, '0')} TRX`
const sunOf = (address: string) => e2e.stack.tron.ledger.balances.get(toHexAddress(address)) ?? 0n

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/tron-site.js', await bundleSite('test/e2e/tron-site.ts'))
  e2e.stack.web.setPage('/t/tron.html', `<!doctype html><html><head><meta charset="utf-8"><title>react-tron</title><link rel="icon" href="data:,">
<script src="/tron-test-wallet.js"></script><script src="/demo-config.js"></script></head>
<body data-receiver="${account(2)}"><appkit-button></appkit-button><button id="sign-button">Sign msg</button><button id="send-button">Send tx</button>
<pre id="sign"></pre><pre id="send"></pre><pre id="error"></pre><script src="/t/tron-site.js"></script></body></html>`)
})
test.after(async () => {
  await e2e?.stop()
})

async function connect(page: Page): Promise<void> {
  await page.goto(`${e2e.stack.web.url}/t/tron.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'TronLink' }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).appKit.getIsConnected())
}

const requests = (page: Page) => page.evaluate(() => (window as any).PosternTronTestWallet.wallet.requests.map((r: any) => `${r.method}:${r.outcome}`) as string[])

async function press(page: Page, id: 'sign' | 'send'): Promise<string> {
  await page.locator(`#${id}-button`).click()
  await page.waitForFunction((r) => !!document.getElementById(r)!.textContent || !!document.getElementById('error')!.textContent, id)
  assert.is(await page.locator('#error').textContent(), '')
  return (await page.locator(`#${id}`).textContent())!
}

test('behavior: TronLink connects through its wallet adapter; the account shows the TRX and USDT the node holds', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  assert.is(await page.evaluate(() => (window as any).appKit.getAddress()), account(0))
  assert.is(await page.evaluate(() => (window as any).appKit.getCaipAddress()), `tron:0x504f5354:${account(0)}`)
  await page.locator('appkit-button button', { hasText: shown(sunOf(account(0))) }).waitFor()
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal [data-testid=account-balance]', { hasText: shown(sunOf(account(0))) }).waitFor()
  // The token list comes from the reference server, which reads the TRON node (TRON_API_URL).
  const form = sendForm(page)
  await page.evaluate(() => (window as any).appKit.open({ view: 'WalletSend' }))
  await form.token.locator(`option[value="tron:0x504f5354:${DEMO_TRC20.address}"]`, { hasText: 'USDT: 1000.00' }).waitFor({ state: 'attached' })
  assert.equal(await requests(page), ['eth_requestAccounts:approved'])
  assert.equal(errors, [])
})

test('behavior: the Send view sends TRX; the node has it in a block and the receiver holds it', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  const to = account(1)
  const [before, receiverBefore] = [sunOf(account(0)), sunOf(to)]
  const form = sendForm(page)
  await page.evaluate(() => (window as any).appKit.open({ view: 'WalletSend' }))
  await form.choose('native:TRX')
  await form.amount.fill('2.5')
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(sunOf(to), receiverBefore + 2_500_000n)
  const sent = [...e2e.stack.tron.ledger.transactions.values()].find((t) => t.call.type === 'TransferContract' && t.call.to === toHexAddress(to) && t.call.amount === 2_500_000)
  assert.ok(sent?.block, 'a block holds the transfer')
  assert.is(sunOf(account(0)), before - 2_500_000n - sent!.fee)
  assert.ok((await requests(page)).includes('sign:approved'))
  assert.equal(errors, [])
})

test('behavior: the Send view sends USDT (TRC-20); the token moves, the sender burns TRX for its energy', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  const token = e2e.stack.tron.ledger.token
  const to = account(3)
  const [before, trxBefore] = [token.balances.get(toHexAddress(to)) ?? 0n, sunOf(account(0))]
  const form = sendForm(page)
  await page.evaluate(() => (window as any).appKit.open({ view: 'WalletSend' }))
  await form.choose(`:${DEMO_TRC20.address}`)
  await form.amount.fill('3')
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(token.balances.get(toHexAddress(to)), before + 3_000_000n)
  const sent = [...e2e.stack.tron.ledger.transactions.values()].find((t) => t.call.type === 'TriggerSmartContract' && t.call.data.includes(toHexAddress(to).slice(2)))
  assert.is(sent?.result, 'SUCCESS')
  assert.is(sunOf(account(0)), trxBefore - sent!.fee)
  assert.equal(errors, [])
})

test('behavior: the provider signs a message that verifies (signMessageV2) and sends TRX the node has', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  const signature = await press(page, 'sign')
  assert.match(signature, /^0x[0-9a-f]{130}$/)
  assert.is(verifyMessageV2('Hello Reown AppKit!', signature), account(0))
  const receiverBefore = sunOf(account(2))
  const txID = await press(page, 'send')
  assert.match(txID, /^[0-9a-f]{64}$/)
  assert.ok(e2e.stack.tron.ledger.transactions.has(txID), 'the node has the transaction')
  assert.is(sunOf(account(2)), receiverBefore + 1000n)
  assert.equal(errors, [])
})

test('behavior: a wallet refusing to sign keeps the Send form and says so; nothing moves', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.evaluate(() => (window as any).PosternTronTestWallet.wallet.setPolicy('reject'))
  const to = account(3)
  const before = sunOf(to)
  const form = sendForm(page)
  await page.evaluate(() => (window as any).appKit.open({ view: 'WalletSend' }))
  await form.choose('native:TRX')
  await form.amount.fill('1')
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await form.error('Transaction rejected in the wallet')
  assert.is(sunOf(to), before)
  assert.ok((await requests(page)).includes('sign:rejected'))
})

test('behavior: reload reconnects silently; after Disconnect a reload stays disconnected', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.reload()
  await page.waitForFunction(() => (window as any).appKit.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).appKit.getAddress()), account(0))
  await page.evaluate(() => (window as any).appKit.disconnect())
  await page.waitForFunction(() => !(window as any).appKit.getIsConnected())
  await page.reload()
  await page.waitForTimeout(1500)
  assert.is(await page.evaluate(() => (window as any).appKit.getIsConnected()), false)
})

test.run()
