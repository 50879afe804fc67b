// The onramp in Chromium on the real stack: the Buy button, the quote, Coinbase through the
// sandbox provider page (its own origin) crediting the wallet on chain, and the spec's fallbacks.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { startE2E, type E2E } from './harness.ts'
import { connectFeaturePage, el, eventNames as events, installFeaturePages, modal } from './feature-page.ts'
import { demoAccount, TOKEN_ADDRESS } from '../../dev/chains/index.ts'

const test = suite('e2e: onramp')
let e2e: E2E
const usdcOf = (owner: `0x${string}`) =>
  createPublicClient({ transport: http(e2e.stack.chains[0]!.rpcUrl) }).readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

const connect = (index: number, opts: { timezoneId?: string } = {}) => connectFeaturePage(e2e, 'onramp', index, opts)

test.before(async () => {
  e2e = await startE2E()
  installFeaturePages(e2e.stack, 'onramp', [5, 6, 7, 8])
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: Buy → quote → Coinbase on the sandbox page (its own origin) credits the wallet on chain and returns to Account', async () => {
  const { page, context, errors } = await connect(5)
  const me = demoAccount(5).address
  await page.locator('appkit-button button').click()
  await el(page, 'feature-onramp').click()
  await el(page, 'onramp-quote').waitFor()
  await el(page, 'onramp-amount').fill('40')
  await modal(page).locator('[data-testid=onramp-receive]', { hasText: '38.900000 USDC' }).waitFor()
  assert.match(await el(page, 'onramp-limits').innerText(), /Card 10\.00 – 7500\.00 · Bank account 10\.00 – 25000\.00 USD/)
  const before = await usdcOf(me)
  const [popup] = await Promise.all([context.waitForEvent('page'), el(page, 'onramp-provider-coinbase').click()])
  await popup.waitForURL(/\/buy\?session=/)
  assert.is(new URL(popup.url()).origin, e2e.stack.api.onrampSandboxUrl)
  assert.is.not(new URL(popup.url()).origin, new URL(page.url()).origin)
  assert.match(await popup.locator('[data-testid=receive]').innerText(), /38\.900000 USDC/)
  await popup.getByLabel('Test card number').fill('4242 4242 4242 4242')
  await popup.getByRole('button', { name: 'Confirm purchase' }).click()
  await popup.waitForEvent('close')
  await modal(page).locator('[data-testid=account-name]').waitFor()
  assert.is((await usdcOf(me)) - before, parseUnits('38.9', 6))
  const seen = await events(page)
  assert.ok(seen.includes('SELECT_BUY_CRYPTO') && seen.includes('SELECT_BUY_PROVIDER'), seen.join())
  assert.equal(errors, [])
})

test('behavior: buying ETH, the network\'s own coin: its quote, the sandbox page, and the wallet\'s ETH on chain grows by the quoted amount', async () => {
  const { page, context, errors } = await connect(8)
  const me = demoAccount(8).address
  const chain = createPublicClient({ transport: http(e2e.stack.chains[0]!.rpcUrl) })
  // The amount the API quotes for 40 USD of ETH, asked as AppKit 1.8 asks (network: the symbol).
  const res = await fetch(`${e2e.stack.api.url}/v1/onramp/quote?projectId=test`, { method: 'POST', body: JSON.stringify({ purchaseCurrency: { id: 'ETH', symbol: 'ETH' }, paymentCurrency: { id: 'USD' }, amount: '40', network: 'ETH' }) })
  assert.is(res.status, 200)
  const quoted = ((await res.json()) as { purchaseAmount: { amount: string } }).purchaseAmount.amount
  await page.locator('appkit-button button').click()
  await el(page, 'feature-onramp').click()
  await el(page, 'onramp-quote').waitFor()
  await modal(page).getByLabel('Currency to buy').selectOption({ label: 'ETH' })
  await el(page, 'onramp-amount').fill('40')
  await modal(page).locator('[data-testid=onramp-receive]', { hasText: `${quoted} ETH` }).waitFor()
  const before = await chain.getBalance({ address: me })
  const [popup] = await Promise.all([context.waitForEvent('page'), el(page, 'onramp-provider-coinbase').click()])
  await popup.waitForURL(/\/buy\?session=/)
  assert.is(await popup.locator('[data-testid=receive]').innerText(), `${quoted} ETH`)
  await popup.getByLabel('Test card number').fill('4242 4242 4242 4242')
  await popup.getByRole('button', { name: 'Confirm purchase' }).click()
  await popup.waitForEvent('close')
  await modal(page).locator('[data-testid=account-name]').waitFor()
  assert.is((await chain.getBalance({ address: me })) - before, parseEther(quoted))
  assert.equal(errors, [])
})

test('behavior: options failure shows the sample options; quote failure shows the mocked quote whose fees equal the amount', async () => {
  const { page } = await connect(6)
  await page.route('**/v1/onramp/options**', (route) => route.fulfill({ status: 500, body: '' }))
  await page.route('**/v1/onramp/quote**', (route) => route.fulfill({ status: 500, body: '' }))
  await page.evaluate(() => (window as any).modal.open({ view: 'OnRampProviders' }))
  await el(page, 'onramp-quote').waitFor()
  assert.match(await el(page, 'onramp-limits').innerText(), /Card 10\.00 – 7500\.00 · Bank account 10\.00 – 25000\.00 USD/)
  assert.is(await el(page, 'onramp-quote').getAttribute('data-quote-id'), 'mocked-quote-id')
  assert.is(await el(page, 'onramp-network-fee').innerText(), '100 USD')
  assert.is(await el(page, 'onramp-receive').innerText(), '100 USD')
  await modal(page).getByRole('button', { name: 'How does it work?' }).click()
  await el(page, 'onramp-what-is').waitFor()
  assert.ok((await events(page)).includes('SELECT_WHAT_IS_A_BUY'))
})

test('behavior: a restricted time zone is offered no providers', async () => {
  const { page } = await connect(7, { timezoneId: 'Asia/Shanghai' })
  await page.evaluate(() => (window as any).modal.open({ view: 'OnRampProviders' }))
  await el(page, 'onramp-restricted').waitFor()
  assert.is(await el(page, 'onramp-provider-coinbase').count(), 0)
})

test.run()
