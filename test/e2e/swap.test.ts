// Swaps in Chromium on the real stack: the Swap view quotes from the local Uniswap V2 router,
// the injected wallet signs, and balances read from the chain move by the quoted amounts.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, parseUnits, type Hex } from 'viem'
import { startE2E, type E2E } from './harness.ts'
import { WALLET_A } from './evm-page.ts'
import { connectFeaturePage, el, eventNames as events, installFeaturePages, modal } from './feature-page.ts'
import { demoAccount, dexAddresses, ROUTER_ABI, TOKEN_ABI, TOKEN_ADDRESS, toViemChain } from '../../dev/chains/index.ts'

const test = suite('e2e: swaps on the local DEX')
let e2e: E2E

const reader = () => {
  const chain = e2e.stack.chains[0]!
  return createPublicClient({ chain: toViemChain(chain), transport: http(chain.rpcUrl) })
}
const usdcOf = (owner: Hex) => reader().readContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'balanceOf', args: [owner] }) as Promise<bigint>
const routerQuote = async (amount: bigint, path: Hex[]) => (await reader().readContract({ address: dexAddresses().router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, path] })).at(-1)!

const connect = (index: number, query = '') => connectFeaturePage(e2e, 'swap', index, { query })
const walletMethods = (page: Page) => page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.map((q: any) => `${q.method}:${q.outcome}`), WALLET_A.rdns)
const walletSends = (page: Page) => page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.filter((q: any) => q.method === 'eth_sendTransaction').map((q: any) => q.params[0].to.toLowerCase()), WALLET_A.rdns)

async function pickToken(page: Page, side: 'from' | 'to', symbol: string) {
  await el(page, `swap-select-${side}`).click()
  await el(page, `swap-token-${symbol}`).click()
}

test.before(async () => {
  e2e = await startE2E()
  installFeaturePages(e2e.stack, 'swap', [1, 5, 7, 8])
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: ETH -> USDC from the Account view; the USDC balance moves by the router quote within slippage', async () => {
  const { page, errors } = await connect(5)
  const me = demoAccount(5).address
  await page.locator('appkit-button button').click()
  await el(page, 'feature-swaps').click()
  await el(page, 'swap-select-from').waitFor()
  assert.is(await el(page, 'swap-select-from').innerText(), 'ETH')
  await pickToken(page, 'to', 'USDC')
  await el(page, 'swap-from-amount').fill('0.25')
  await el(page, 'swap-details').waitFor()
  const quoted = await routerQuote(parseEther('0.25'), [dexAddresses().weth, TOKEN_ADDRESS])
  const shown = Number((await el(page, 'swap-to-amount').inputValue()).replace(/,/g, ''))
  assert.ok(Math.abs(shown - Number(quoted) / 1e6) < 0.01, `${shown} vs ${quoted}`)
  assert.match(await el(page, 'swap-price-impact').innerText(), /^0\.\d+%$/)
  const before = await usdcOf(me)
  await el(page, 'swap-submit').click()
  await modal(page).locator('[data-testid=account-name]').waitFor({ timeout: 20_000 })
  const got = (await usdcOf(me)) - before
  assert.ok(got <= quoted && got >= (quoted * 99n) / 100n, `${got} vs ${quoted}`)
  assert.equal((await events(page)).filter((e) => /SWAP/.test(e)), ['OPEN_SWAP', 'CLICK_SELECT_TOKEN_TO_SWAP', 'INITIATE_SWAP', 'SWAP_SUCCESS'])
  assert.equal(errors, [])
})

test('behavior: USDC -> ETH opened with arguments approves first, then swaps', async () => {
  const { page, errors } = await connect(1) // a USDC holder
  await page.evaluate(() => (window as any).modal.open({ view: 'Swap', arguments: { fromToken: 'USDC', toToken: 'ETH', amount: '500' } }))
  await el(page, 'swap-details').waitFor()
  assert.is(await el(page, 'swap-select-from').innerText(), 'USDC')
  assert.match(await el(page, 'swap-submit').innerText(), /Approve/)
  const me = demoAccount(1).address
  const usdcBefore = await usdcOf(me)
  await el(page, 'swap-submit').click()
  await modal(page).locator('[data-testid=account-name]').waitFor({ timeout: 20_000 })
  assert.is(usdcBefore - (await usdcOf(me)), parseUnits('500', 6))
  assert.equal(await walletSends(page), [TOKEN_ADDRESS.toLowerCase(), dexAddresses().router.toLowerCase()])
  assert.ok((await events(page)).includes('SWAP_SUCCESS'))
  assert.equal(errors, [])
})

test('behavior: more than the balance is refused before the wallet; a rejection emits SWAP_ERROR and keeps the form', async () => {
  const { page } = await connect(7)
  await page.evaluate(() => (window as any).modal.open({ view: 'Swap', arguments: { fromToken: 'ETH', toToken: 'USDC', amount: '20000' } }))
  await modal(page).locator('[data-testid=swap-submit]', { hasText: 'Insufficient balance' }).waitFor()
  assert.ok(await el(page, 'swap-submit').isDisabled())
  await el(page, 'swap-from-amount').fill('0.1')
  await modal(page).locator('[data-testid=swap-submit]', { hasText: /^Swap$/ }).waitFor()
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('reject'), WALLET_A.rdns)
  await el(page, 'swap-submit').click()
  await modal(page).locator('[data-testid=swap-error]', { hasText: 'Transaction rejected in the wallet' }).waitFor()
  assert.is(await el(page, 'swap-from-amount').inputValue(), '0.1')
  assert.ok((await events(page)).includes('SWAP_ERROR'))
  assert.ok((await walletMethods(page)).includes('eth_sendTransaction:rejected'))
})

test('behavior: the network button emits CLICK_SELECT_NETWORK_TO_SWAP; on Polygon the pair is POL and its pools quote', async () => {
  const { page, errors } = await connect(8)
  await page.evaluate(() => (window as any).modal.open({ view: 'Swap' }))
  await el(page, 'swap-network').click()
  await modal(page).locator('.item', { hasText: 'Polygon' }).click()
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  await page.evaluate(() => (window as any).modal.open({ view: 'Swap', arguments: { toToken: 'USDC', amount: '100' } }))
  await el(page, 'swap-details').waitFor()
  assert.is(await el(page, 'swap-select-from').innerText(), 'POL')
  const shown = Number((await el(page, 'swap-to-amount').inputValue()).replace(/,/g, ''))
  assert.ok(shown > 49 && shown < 50, String(shown))
  assert.ok((await events(page)).includes('CLICK_SELECT_NETWORK_TO_SWAP'))
  assert.equal(errors, [])
})

test.run()
