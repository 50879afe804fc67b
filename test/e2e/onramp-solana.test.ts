// The onramp on Solana, in Chromium on the real stack: the Solana test wallet buys SOL, then USDC,
// through the sandbox provider page, which credits the account on the local ledger.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { chainReaders } from './send-page.ts'
import { el, modal } from './feature-page.ts'
import { sitePage } from './site-page.ts'
import { SOLANA_TEST_WALLET_NAME } from '../../dev/stack.ts'

const test = suite('e2e: onramp on Solana')
let e2e: E2E
const readers = chainReaders(() => e2e)

test.before(async () => {
  e2e = await startE2E({ solana: true })
  e2e.stack.web.setPage('/t/onramp-sol.html', sitePage(e2e.stack, {
    title: 'onramp solana',
    head: '<script src="/solana-test-wallet.js"></script>',
    networks: '[N.solanaLocal]',
    adapters: '[Postern.adapters.solana()]',
    options: 'features: { email: false, socials: false },',
  }))
})
test.after(async () => {
  await e2e?.stop()
})

/** Buys `amount` USD of `symbol` through Coinbase's sandbox page; resolves once the modal is back on Account. */
async function buy(page: Page, symbol: string, amount: string, receive: string) {
  await page.locator('appkit-button button').click()
  await el(page, 'feature-onramp').click()
  await el(page, 'onramp-quote').waitFor()
  await modal(page).getByLabel('Currency to buy').selectOption({ label: symbol })
  await el(page, 'onramp-amount').fill(amount)
  await modal(page).locator('[data-testid=onramp-receive]', { hasText: receive }).waitFor()
  const [popup] = await Promise.all([page.context().waitForEvent('page'), el(page, 'onramp-provider-coinbase').click()])
  await popup.waitForURL(/\/buy\?session=/)
  assert.is(new URL(popup.url()).origin, e2e.stack.api.onrampSandboxUrl)
  assert.match(await popup.locator('[data-testid=receive]').innerText(), new RegExp(receive.replace('.', '\\.')))
  assert.match(await popup.locator('dl').innerText(), /Solana/)
  await popup.getByLabel('Test card number').fill('4242 4242 4242 4242')
  await popup.getByRole('button', { name: 'Confirm purchase' }).click()
  await popup.waitForEvent('close')
  await modal(page).locator('[data-testid=account-name]').waitFor()
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
}

test('behavior: the Solana account buys SOL, then USDC, and the ledger credits exactly the quoted amounts', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/onramp-sol.html`)
  await page.locator('appkit-button button').click()
  await modal(page).locator('.item', { hasText: SOLANA_TEST_WALLET_NAME }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  const me: string = await page.evaluate(() => (window as any).modal.getAddress())
  assert.is(me, e2e.stack.solana!.accounts[0]!.address)

  // 40 USD: 0.60 provider fee and 0.50 network fee leave 38.90 USD, at 150 USD per SOL.
  const lamports = await readers.lamportsOf(me)
  await buy(page, 'SOL', '40', '0.259333 SOL')
  assert.is((await readers.lamportsOf(me)) - lamports, 259_333_000n)

  const usdc = await readers.splOf(me)
  await buy(page, 'USDC', '40', '38.900000 USDC')
  assert.is((await readers.splOf(me)) - usdc, 38_900_000n)
  assert.equal(errors, [])
})

test('behavior: the options list SOL and USDC on Solana, the USDC being the ledger\'s mint; an EVM address is refused there', async () => {
  const res = await fetch(`${e2e.stack.api.url}/v1/onramp/options?projectId=${e2e.stack.config.projectId}`)
  const { purchaseCurrencies } = (await res.json()) as { purchaseCurrencies: { symbol: string; networks: { name: string; contract_address: string }[] }[] }
  const onSolana = purchaseCurrencies.flatMap((c) => c.networks.filter((n) => n.name === 'solana').map((n) => [c.symbol, n.contract_address]))
  assert.equal(onSolana.sort(), [['SOL', ''], ['USDC', e2e.stack.solana!.mint]])
  const evmAddress = '0x' + '11'.repeat(20)
  const refused = await fetch(`${e2e.stack.api.url}/v1/generators/onrampurl?projectId=${e2e.stack.config.projectId}`, {
    method: 'POST', body: JSON.stringify({ destinationWallets: [{ address: evmAddress, blockchains: ['solana'], assets: ['SOL'] }], partnerUserId: evmAddress, defaultNetwork: 'solana' }),
  })
  assert.is(refused.status, 400)
  assert.match(((await refused.json()) as any).reasons[0].description, /not an address on solana/)
  // AppKit 1.8 asks its quote with the currency's symbol as the network: SOL is sold on Solana.
  const quote = await fetch(`${e2e.stack.api.url}/v1/onramp/quote?projectId=${e2e.stack.config.projectId}`, {
    method: 'POST', body: JSON.stringify({ purchaseCurrency: { id: 'SOL', symbol: 'SOL' }, paymentCurrency: { id: 'USD' }, amount: '40', network: 'SOL' }),
  })
  assert.is(quote.status, 200)
  assert.equal(((await quote.json()) as any).purchaseAmount, { amount: '0.259333', currency: 'SOL' })
})

test.run()
