// AppKit Pay in Chromium on the real stack: pay() with the connected wallet through its PayQuote
// view settles on chain (the payment asset itself, the network switched first; another asset the
// wallet holds, swapped on the local DEX to the exact amount; or one on another chain, through the
// reference server's relayer), a refusal, a short balance and a quote without a route say why, and
// pay() through the exchange sandbox (its own origin, chosen in PayQuote: the payment asset itself,
// or an asset on another chain paid to the route's deposit) credits the recipient and reports
// success, or failure when cancelled there; the PAY_* events in AppKit's order.
import { suite } from 'uvu'
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startE2E, type E2E } from './harness.ts'
import { el, modal } from './feature-page.ts'
import { WALLET_A } from './evm-page.ts'
import { connectPayPage, payEvents, payOutcome, payPage, startPay } from './pay-page.ts'
import { demoAddresses, TOKEN_ADDRESS } from '../../dev/chains/index.ts'
import { dexInfo } from '../../dev/chains/dex.ts'

const test = suite('e2e: AppKit Pay')
let e2e: E2E
// Demo account 2 holds USDC and ETH on both chains and no other e2e file spends from it.
const PAYER = 2
const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const client = (i: number) => createPublicClient({ transport: http(e2e.stack.chains[i]!.rpcUrl) })
const usdcOf = (owner: `0x${string}`) => client(0).readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const usdc = { network: 'eip155:1', asset: TOKEN_ADDRESS, metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } }
const pol = { network: 'eip155:137', asset: 'native', metadata: { name: 'POL', symbol: 'POL', decimals: 18 } }
const DAI = dexInfo().tokens.find((t) => t.symbol === 'DAI')!.address
const dai = { network: 'eip155:1', asset: DAI, metadata: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 } }
const daiOf = (owner: `0x${string}`) => client(0).readContract({ address: DAI, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
/** The PayQuote view's action button (Pay, or Approve first). */
const action = (page: Page, name: 'Pay' | 'Approve') => modal(page).getByRole('button', { name, exact: true })
/** Opens PayQuote from the Pay view and waits for the quote of the option chosen first. */
async function openQuote(page: Page) {
  await modal(page).getByRole('button', { name: `Pay with ${WALLET_A.name}` }).click()
  await el(page, 'pay-fees').waitFor()
}
const EXCHANGE = 'Postern Test Exchange'
/** Opens PayQuote for the exchange, chooses an option (or keeps the first) and continues there: the exchange's popup. */
async function continueInExchange(page: Page, option?: string): Promise<Page> {
  await modal(page).getByRole('button', { name: `Pay with ${EXCHANGE}` }).click()
  await el(page, 'pay-fees').waitFor()
  if (option) {
    await modal(page).getByRole('button', { name: new RegExp(`^${option}`) }).click()
    await modal(page).locator('[aria-pressed=true]', { hasText: option }).waitFor()
    await el(page, 'pay-fees').waitFor()
  }
  const go = modal(page).getByRole('button', { name: `Continue in ${EXCHANGE}` })
  await modal(page).locator('button:not([disabled])', { hasText: `Continue in ${EXCHANGE}` }).waitFor()
  const [popup] = await Promise.all([page.context().waitForEvent('page'), go.click()])
  await popup.waitForURL(/\/exchange\?session=/)
  return popup
}

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/pay.html', payPage(e2e.stack, PAYER))
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: paying with the wallet in POL (chosen first: the payment asset itself) switches to Polygon, settles on chain, resolves with the hash; events MODAL_OPEN → INITIATED → SUCCESS', async () => {
  const { page, errors } = await connectPayPage(e2e, '/t/pay.html')
  const shop = fresh()
  assert.is(await page.evaluate(() => (window as any).modal.getChainId()), 1)
  await startPay(page, { paymentAsset: pol, recipient: shop, amount: 0.25 })
  await openQuote(page)
  assert.is(await modal(page).locator('[aria-pressed=true]').innerText().then((s) => s.split('\n')[0]), 'POL on Polygon')
  assert.is(await el(page, 'pay-total').innerText(), '0.25 POL')
  await action(page, 'Pay').click()
  const outcome = await payOutcome(page)
  assert.is(outcome.success, true, JSON.stringify(outcome))
  // The modal shows the outcome for 3 s, then closes as AppKit's does.
  await modal(page).locator('[data-testid=pay-loading][data-state=completed]').waitFor()
  assert.match(outcome.result!, /^0x[0-9a-f]{64}$/)
  const receipt = await client(1).getTransactionReceipt({ hash: outcome.result as `0x${string}` })
  assert.is(receipt.status, 'success')
  assert.is(await client(1).getBalance({ address: shop }), parseEther('0.25'))
  assert.is(await page.evaluate(() => (window as any).modal.getChainId()), 137)
  assert.is(await page.evaluate(() => (window as any).pay.getPayResult()), outcome.result)
  const events = await payEvents(page)
  assert.equal(events.map((e) => e.event), ['PAY_MODAL_OPEN', 'PAY_INITIATED', 'PAY_SUCCESS'])
  assert.equal(events[2]!.properties.currentPayment, { type: 'wallet', exchangeId: undefined, sessionId: undefined, result: outcome.result })
  assert.equal(events[2]!.properties.configuration, { network: 'eip155:137', asset: 'native', recipient: shop, amount: 0.25 })
  assert.is(events[1]!.properties.paymentId, events[2]!.properties.paymentId)
  assert.equal(errors, [])
})

test('behavior: a USDC payment the wallet refuses fails with the reason and PAY_ERROR; one above the balance is stopped as short of funds; then one settles', async () => {
  const { page } = await connectPayPage(e2e, '/t/pay.html')
  const shop = fresh()
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('reject'), WALLET_A.rdns)
  await startPay(page, { paymentAsset: usdc, recipient: shop, amount: 3 })
  await openQuote(page)
  await action(page, 'Pay').click()
  assert.equal(await payOutcome(page), { success: false, error: 'Unable to process payment' })
  assert.is(await el(page, 'pay-detail').innerText(), 'The payment was rejected in the wallet')
  await modal(page).locator('[data-testid=pay-loading][data-state=error]').waitFor()
  assert.equal((await payEvents(page)).map((e) => e.event), ['PAY_MODAL_OPEN', 'PAY_INITIATED', 'PAY_ERROR'])

  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('approve'), WALLET_A.rdns)
  await startPay(page, { paymentAsset: usdc, recipient: shop, amount: 5_000_000 })
  await openQuote(page)
  await action(page, 'Pay').click()
  // AppKit's check before the wallet is asked: the payment stays open to choose another option.
  await modal(page).locator('.toast', { hasText: 'Insufficient funds' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).pay.getIsPaymentInProgress()), false)
  assert.is(await el(page, 'pay-quote').count(), 1)
  assert.is(await usdcOf(shop), 0n)

  await startPay(page, { paymentAsset: usdc, recipient: shop, amount: 3 })
  await openQuote(page)
  await action(page, 'Pay').click()
  assert.is((await payOutcome(page)).success, true)
  assert.is(await usdcOf(shop), parseUnits('3', 6))
})

test('behavior: paying DAI with USDC the wallet holds: the DEX route\'s quote and fees, Approve then Pay, the recipient gets the exact DAI; events MODAL_OPEN → INITIATED → SUCCESS', async () => {
  const { page, errors } = await connectPayPage(e2e, '/t/pay.html')
  const shop = fresh()
  await startPay(page, { paymentAsset: dai, recipient: shop, amount: 4 })
  // The payer holds no DAI: an asset on Ethereum comes first, each quoted through the DEX.
  await openQuote(page)
  await modal(page).getByRole('button', { name: /^USDC on Ethereum/ }).click()
  await modal(page).locator('[data-testid=pay-total]', { hasText: 'USDC' }).waitFor()
  assert.match(await el(page, 'pay-total').innerText(), /^4\.0\d* USDC$/)
  const fees = await el(page, 'pay-fees').innerText()
  assert.match(fees, /Network Fee\s+[\d.]+ ETH · Ethereum/)
  assert.match(fees, /Service Fee\s+0 DAI/)
  const usdcBefore = await usdcOf(demoAddresses()[PAYER]!)
  await action(page, 'Approve').click()
  await action(page, 'Pay').click()
  const outcome = await payOutcome(page)
  assert.is(outcome.success, true, JSON.stringify(outcome))
  await modal(page).locator('[data-testid=pay-loading][data-state=completed]').waitFor()
  assert.is(await daiOf(shop), parseUnits('4', 18), 'the exact amount')
  const spent = usdcBefore - (await usdcOf(demoAddresses()[PAYER]!))
  assert.ok(spent > parseUnits('4', 6) && spent < parseUnits('4.05', 6), String(spent))
  assert.is((await client(0).getTransactionReceipt({ hash: outcome.result as `0x${string}` })).status, 'success')
  const events = await payEvents(page)
  assert.equal(events.map((e) => e.event), ['PAY_MODAL_OPEN', 'PAY_INITIATED', 'PAY_SUCCESS'])
  assert.equal(events[2]!.properties.currentPayment, { type: 'wallet', exchangeId: undefined, sessionId: undefined, result: outcome.result })
  assert.equal(events[2]!.properties.configuration, { network: 'eip155:1', asset: DAI, recipient: shop, amount: 4 })
  assert.equal(errors, [])
})

test('behavior: a quote without a route shows the API\'s reason and Pay stays off; paying DAI on Ethereum with USDC on Polygon goes through the relayer: refused first (PAY_ERROR, the view stays usable), then Pay settles across chains', async () => {
  const { page } = await connectPayPage(e2e, '/t/pay.html')
  const shop = fresh()
  await startPay(page, { paymentAsset: dai, recipient: shop, amount: 400_000 })
  await modal(page).getByRole('button', { name: `Pay with ${WALLET_A.name}` }).click()
  await modal(page).getByRole('button', { name: /^USDC on Ethereum/ }).click()
  await modal(page).locator('[aria-pressed=true]', { hasText: 'USDC on Ethereum' }).waitFor()
  await modal(page).locator('[data-testid=pay-quote-error]', { hasText: 'USDC' }).waitFor()
  assert.is(await el(page, 'pay-quote-error').innerText(), 'No route pays DAI with USDC: not enough liquidity')
  assert.is(await action(page, 'Pay').isDisabled(), true)
  await el(page, 'pay-fees-skeleton').waitFor()

  await startPay(page, { paymentAsset: dai, recipient: shop, amount: 1 })
  await openQuote(page)
  await modal(page).getByRole('button', { name: /^USDC on Polygon/ }).click()
  await modal(page).locator('[data-testid=pay-total]', { hasText: 'USDC' }).waitFor()
  assert.is(await el(page, 'pay-quote-error').count(), 0)
  assert.match(await el(page, 'pay-fees').innerText(), /Network Fee\s+[\d.]+ POL · Polygon/)
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('reject'), WALLET_A.rdns)
  await action(page, 'Pay').click()
  assert.equal(await payOutcome(page), { success: false, error: 'Unable to process payment' })
  assert.is(await el(page, 'pay-quote-error').innerText(), 'Switching to Polygon was rejected in the wallet', 'the deposit is sent on Polygon: the switch comes first')
  assert.is(await page.evaluate(() => (window as any).pay.getPayError()), 'Unable to process payment')
  assert.is(await daiOf(shop), 0n)

  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('approve'), WALLET_A.rdns)
  const polygonUsdc = () => client(1).readContract({ address: TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddresses()[PAYER]!] })
  const before = await polygonUsdc()
  await action(page, 'Pay').click()
  await modal(page).locator('[data-testid=pay-loading][data-state=completed]').waitFor()
  assert.is(await daiOf(shop), parseUnits('1', 18), 'the exact amount on Ethereum')
  const spent = before - (await polygonUsdc())
  assert.ok(spent > parseUnits('1', 6) && spent < parseUnits('1.03', 6), String(spent))
  assert.is(await page.evaluate(() => (window as any).modal.getChainId()), 137, 'the deposit was sent on Polygon')
  const events = (await payEvents(page)).map((e) => e.event)
  assert.equal(events.slice(-5), ['PAY_MODAL_OPEN', 'PAY_INITIATED', 'PAY_ERROR', 'PAY_INITIATED', 'PAY_SUCCESS'])
})

test('behavior: paying through the exchange sandbox (its own origin) credits the recipient and the modal reports success; events MODAL_OPEN → EXCHANGE_SELECTED → INITIATED → SUCCESS', async () => {
  const { page, errors } = await connectPayPage(e2e, '/t/pay.html')
  const shop = fresh()
  await startPay(page, { paymentAsset: usdc, recipient: shop, amount: 7.5 })
  // PayQuote offers what the exchange sells: the payment asset itself first, then assets on other chains.
  await modal(page).getByRole('button', { name: `Pay with ${EXCHANGE}` }).click()
  await el(page, 'pay-fees').waitFor()
  const offered = await modal(page).locator('[data-testid=pay-options] .name > span:first-child').allInnerTexts()
  assert.equal(offered, ['USDC on Ethereum', 'POL on Polygon', 'USDC on Polygon'])
  assert.is(await el(page, 'pay-exchange-amount').innerText(), '7.5 USDC')
  await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
  const popup = await continueInExchange(page)
  assert.is(new URL(popup.url()).origin, e2e.stack.api.onrampSandboxUrl)
  assert.is(await popup.locator('[data-testid=amount]').innerText(), '7.5 USDC')
  await modal(page).getByText('Please complete the payment on the exchange').waitFor()
  assert.is(await page.evaluate(() => (window as any).pay.getIsPaymentInProgress()), true)
  await popup.getByRole('button', { name: 'Pay from exchange balance' }).click()
  await popup.waitForEvent('close')
  const outcome = await payOutcome(page)
  assert.is(outcome.success, true, JSON.stringify(outcome))
  await modal(page).locator('[data-testid=pay-loading][data-state=completed]').waitFor()
  assert.is(await usdcOf(shop), parseUnits('7.5', 6))
  assert.is((await client(0).getTransactionReceipt({ hash: outcome.result as `0x${string}` })).status, 'success')
  const events = await payEvents(page)
  assert.equal(events.map((e) => e.event), ['PAY_MODAL_OPEN', 'PAY_EXCHANGE_SELECTED', 'PAY_INITIATED', 'PAY_SUCCESS'])
  assert.is(events[1]!.properties.exchange.id, 'reown_test')
  assert.is(events[3]!.properties.currentPayment.result, outcome.result)
  assert.is(events[3]!.properties.currentPayment.type, 'exchange')
  assert.equal(errors, [])
})

test('behavior: with no wallet connected, a payment through the exchange cancelled there fails in the modal, getPayError says so, nothing is paid', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/pay.html`)
  await page.waitForFunction(() => (window as any).modal && (window as any).pay)
  const shop = fresh()
  await startPay(page, { paymentAsset: usdc, recipient: shop, amount: 2 })
  const popup = await continueInExchange(page)
  await popup.getByRole('button', { name: 'Cancel payment' }).click()
  await popup.waitForEvent('close')
  assert.equal(await payOutcome(page), { success: false, error: 'Unable to process payment' })
  assert.is(await page.evaluate(() => (window as any).pay.getPayError()), 'Unable to process payment')
  assert.is(await el(page, 'pay-detail').innerText(), 'The payment was cancelled or failed on the exchange')
  assert.equal((await payEvents(page)).map((e) => e.event), ['PAY_MODAL_OPEN', 'PAY_EXCHANGE_SELECTED', 'PAY_INITIATED', 'PAY_ERROR'])
  assert.is(await usdcOf(shop), 0n)
})

test('behavior: through the exchange with POL on Polygon: the route\'s deposit is paid on the exchange\'s page, the relayer credits the USDC on Ethereum, the modal reports success', async () => {
  const { page, errors } = await connectPayPage(e2e, '/t/pay.html')
  const shop = fresh()
  await startPay(page, { paymentAsset: usdc, recipient: shop, amount: 3 })
  const popup = await continueInExchange(page, 'POL on Polygon')
  // The exchange pays the route's deposit address on Polygon, not the recipient.
  assert.match(await popup.locator('[data-testid=amount]').innerText(), /^[\d.]+ POL$/)
  const deposit = await popup.locator('[data-testid=recipient]').innerText()
  assert.is.not(deposit.toLowerCase(), shop.toLowerCase())
  await popup.getByRole('button', { name: 'Pay from exchange balance' }).click()
  await popup.waitForEvent('close')
  const outcome = await payOutcome(page)
  assert.is(outcome.success, true, JSON.stringify(outcome))
  await modal(page).locator('[data-testid=pay-loading][data-state=completed]').waitFor()
  assert.is(await usdcOf(shop), parseUnits('3', 6), 'credited on Ethereum')
  const deposited = await client(1).getTransactionReceipt({ hash: outcome.result as `0x${string}` })
  assert.is(deposited.to?.toLowerCase(), deposit.toLowerCase(), 'the result is the exchange\'s deposit on Polygon')
  assert.equal((await payEvents(page)).map((e) => e.event), ['PAY_MODAL_OPEN', 'PAY_EXCHANGE_SELECTED', 'PAY_INITIATED', 'PAY_SUCCESS'])
  assert.equal(errors, [])
})

test('behavior: with features.pay the Connect view offers wallets only (no e-mail, no socials)', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/pay.html`)
  await page.waitForFunction(() => (window as any).modal)
  await page.locator('appkit-button button').click()
  await modal(page).locator('.item', { hasText: WALLET_A.name }).waitFor()
  assert.is(await modal(page).locator('input[type=email]').count(), 0)
  assert.is(await modal(page).getByRole('button', { name: /Google/ }).count(), 0)
})

test.run()
