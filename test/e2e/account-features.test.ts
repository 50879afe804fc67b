// The Account view after connect, on the real stack: token balances from the reference API,
// Receive (QR decoded back to the address), and Activity from the indexer with cursor paging.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { createWalletClient, http, parseEther, parseUnits, type Hex } from 'viem'
import { dialog, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A } from './evm-page.ts'
import { demoAccount, demoAddresses, TOKEN_ABI, TOKEN_ADDRESS, toViemChain } from '../../dev/chains/index.ts'
import { deploySpamToken } from './spam-token.ts'
import { sendForm } from './send-page.ts'

const test = suite('e2e: account features (balances, receive, activity)')
let e2e: E2E
const me = demoAddresses()[0]!

/** What an EIP-7811 wallet lists: 1.5 ETH and 12.345678 of a token the API does not know. */
const WALLET_ASSETS = [
  { address: 'native', balance: '0x14d1120d7b160000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: '' } },
  { address: '0x00000000000000000000000000000000000000aa', balance: '0xbc614e', type: 'ERC20', metadata: { name: 'Wallet Token', symbol: 'WTK', decimals: 6, price: 2, iconUrl: '' } },
]

const modal = (page: Page) => page.locator('w3m-modal')
const tokenRow = (page: Page, symbol: string) => modal(page).locator(`[data-testid=token-row][data-symbol=${symbol}]`)

/** Sends from demo account `from` to the connected address on one chain, waiting for each receipt. */
async function sendTo(chainId: number, from: number, count: number, token = false): Promise<Hex[]> {
  const chain = e2e.stack.chains.find((c) => c.chainId === chainId)!
  const wallet = createWalletClient({ account: demoAccount(from), chain: toViemChain(chain), transport: http(chain.rpcUrl) })
  const hashes: Hex[] = []
  for (let i = 0; i < count; i++) {
    hashes.push(token
      ? await wallet.writeContract({ address: TOKEN_ADDRESS, abi: TOKEN_ABI, functionName: 'transfer', args: [me, parseUnits('2.5', 6)] })
      : await wallet.sendTransaction({ to: me, value: parseEther('0.01') }))
  }
  return hashes
}

async function connect(page: Page, path = '/t/account.html') {
  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.locator('appkit-button button').click()
  await modal(page).locator('.item', { hasText: WALLET_A.name }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  await page.locator('appkit-button button').click()
  await modal(page).locator('[data-testid=account-name]').waitFor()
}

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/account.html', evmPage(e2e.stack))
  e2e.stack.web.setPage('/t/no-history.html', evmPage(e2e.stack, { options: 'features: { history: false, send: false },' }))
  e2e.stack.web.setPage('/t/sender.html', evmPage(e2e.stack, { wallets: [{ ...WALLET_A, accountIndex: [6] }] }))
  e2e.stack.web.setPage('/t/tokens.html', evmPage(e2e.stack, { options: `tokens: { 'eip155:1': { address: '${TOKEN_ADDRESS}' } },` }))
  e2e.stack.web.setPage('/t/assets.html', evmPage(e2e.stack, { wallets: [{ ...WALLET_A, assets: { '0x1': WALLET_ASSETS } }] }))
  e2e.stack.web.setPage('/t/bad-assets.html', evmPage(e2e.stack, { wallets: [{ ...WALLET_A, assets: { '0x1': [{ ...WALLET_ASSETS[0], metadata: { name: 'Ether', symbol: 'ETH' } }] } }] }))
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: the Account view lists ETH and USDC with the chain\'s amounts and USD values, on chain 1 and on chain 137', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  await tokenRow(page, 'ETH').waitFor()
  assert.match(await tokenRow(page, 'ETH').innerText(), /10000\.000 ETH[\s\S]*\$30000000\.00/)
  assert.match(await tokenRow(page, 'USDC').innerText(), /1000000\.00 USDC[\s\S]*\$1000000\.00/)
  await modal(page).locator('[data-testid=account-network]').click()
  await modal(page).locator('.item', { hasText: 'Polygon' }).click()
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  // The modal goes back to the Account view after the switch; it is opened again only if it closed
  // (a click on the button behind the open modal waited out Playwright's 30 s action timeout).
  if (!(await dialog(page).isVisible())) await page.locator('appkit-button button').click()
  await tokenRow(page, 'POL').waitFor()
  assert.match(await tokenRow(page, 'POL').innerText(), /10000\.000 POL[\s\S]*\$5000\.00/)
  assert.match(await tokenRow(page, 'USDC').innerText(), /1000000\.00 USDC/)
  assert.equal(errors, [])
})

test('behavior: the tokens option shows that token\'s balance on the account button and in the Account view', async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/tokens.html')
  await modal(page).locator('[data-testid=account-balance]', { hasText: '1000000.000 USDC' }).waitFor()
  await page.keyboard.press('Escape')
  await page.locator('appkit-button button', { hasText: '1000000.000 USDC' }).waitFor()
})

test('behavior: a failing balance API shows Token Balance Unavailable, not a broken view', async () => {
  const { page, context } = await e2e.newPage()
  await context.route('**/v1/account/*/balance*', (route) => route.fulfill({ status: 500, body: 'down' }))
  await connect(page)
  await modal(page).locator('[data-testid=token-balance-error]', { hasText: 'Token Balance Unavailable' }).waitFor()
  assert.is(await modal(page).locator('[data-testid=token-row]').count(), 0)
})

test('behavior: a wallet offering wallet_getAssets (EIP-7811) is asked instead of the balance API; a malformed answer falls back to the API', async () => {
  const { page, context } = await e2e.newPage()
  let apiReads = 0
  await context.route('**/v1/account/*/balance*', (route) => (apiReads++, route.continue()))
  await connect(page, '/t/assets.html')
  await tokenRow(page, 'WTK').waitFor()
  assert.match(await tokenRow(page, 'ETH').innerText(), /1\.500 ETH[\s\S]*\$4500\.00/)
  assert.match(await tokenRow(page, 'WTK').innerText(), /12\.34 WTK[\s\S]*\$24\.69/)
  assert.is(apiReads, 0)
  const other = await e2e.newPage()
  await connect(other.page, '/t/bad-assets.html')
  await tokenRow(other.page, 'USDC').waitFor()
  assert.match(await tokenRow(other.page, 'ETH').innerText(), /10000\.000 ETH/)
})

test('behavior: Receive shows a QR code that decodes to the connected address, and copies it', async () => {
  const { page, context } = await e2e.newPage()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.web.url })
  await connect(page)
  await modal(page).locator('[data-testid=feature-receive]').click()
  const svg = modal(page).locator('svg.qr')
  await svg.waitFor()
  const png = PNG.sync.read(await svg.screenshot())
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  assert.is(decoded?.data, me)
  assert.is(await modal(page).locator('[data-testid=receive-address]').innerText(), me)
  await modal(page).getByRole('button', { name: /Copy address/ }).click()
  await modal(page).getByRole('button', { name: 'Copied' }).waitFor()
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), me)
  assert.match(await modal(page).getByRole('list', { name: 'Networks this address receives on' }).innerText(), /Ethereum[\s\S]*Polygon/)
})

test('behavior: Activity lists the account\'s transfers newest first, pages with the cursor, and hides a spam-only transaction', async () => {
  const native = await sendTo(1, 1, 21)
  const spam = await deploySpamToken(e2e.stack.chains.find((c) => c.chainId === 1)!, 5, me)
  const [usdc] = await sendTo(1, 2, 1, true)
  const { page, errors } = await e2e.newPage()
  await connect(page)
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  const rows = modal(page).locator('[data-testid=history-row]')
  await rows.first().waitFor()
  // Page one: the API's 20 newest transactions, the spam one among them hidden.
  assert.is(await rows.count(), 20 - 1 /* the spam transfer */)
  assert.is(await rows.nth(0).getAttribute('data-hash'), usdc)
  assert.match(await rows.nth(0).innerText(), /Received[\s\S]*\+2\.500 USDC/)
  assert.match(await rows.nth(1).innerText(), /Received[\s\S]*\+0\.010 ETH/)
  assert.ok(await modal(page).getByRole('heading', { name: 'Today' }).count() >= 1)
  await modal(page).locator('[data-testid=history-more]').click()
  await page.waitForFunction((n) => document.querySelector('w3m-modal')!.shadowRoot!.querySelectorAll('[data-testid=history-row]').length > n, 19)
  const hashes = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-hash')))
  for (const hash of [...native, usdc!]) assert.ok(hashes.includes(hash), `${hash} listed`)
  assert.not.ok(hashes.includes(spam.transferHash), 'the spam-only transaction stays hidden')
  assert.is(new Set(hashes).size, hashes.length, 'no transaction twice')
  assert.equal(errors, [])
})

test('behavior: a send made in the modal appears at the top of Activity without a reload', async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/sender.html')
  await page.evaluate(() => ((window as any).hashes = [], (window as any).modal.subscribeEvents((e: any) => e.data.event === 'SEND_SUCCESS' && (window as any).hashes.push(e.data.properties.hash))))
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  await modal(page).locator('[data-testid=history-row], [data-testid=history-empty]').first().waitFor()
  const form = sendForm(page)
  await modal(page).locator('[data-testid=feature-send]').click()
  await form.choose('native:ETH')
  await form.amount.fill('0.5')
  await form.receiver.fill(demoAddresses()[7]!)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await modal(page).locator('[data-testid=account-name]').waitFor()
  const [hash] = await page.evaluate(() => (window as any).hashes as string[])
  const link = page.locator('w3m-modal .toast a')
  assert.is(await link.getAttribute('href'), `https://etherscan.io/tx/${hash}`)
  assert.is(await link.getAttribute('target'), '_blank')
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  const first = modal(page).locator('[data-testid=history-row]').first()
  await first.and(modal(page).locator(`[data-hash="${hash}"]`)).waitFor()
  assert.match(await first.innerText(), /Sent[\s\S]*-0\.500 ETH/)
})

test('behavior: a failing history API shows Failed to fetch transactions and the list marked empty', async () => {
  const { page, context } = await e2e.newPage()
  await context.route('**/v1/account/*/history*', (route) => route.fulfill({ status: 502, body: '{}' }))
  await connect(page)
  await page.evaluate(() => ((window as any).events = [], (window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data.event))))
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  await modal(page).locator('[data-testid=history-error]', { hasText: 'Failed to fetch transactions' }).waitFor()
  assert.ok((await page.evaluate(() => (window as any).events)).includes('ERROR_FETCH_TRANSACTIONS'))
})

test('behavior: features.history and features.send off hide the Activity tab and the Send button; tabs work by keyboard', async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/no-history.html')
  await tokenRow(page, 'ETH').waitFor()
  assert.is(await modal(page).getByRole('tab').count(), 0)
  assert.is(await modal(page).locator('[data-testid=feature-send]').count(), 0)
  assert.is(await modal(page).locator('[data-testid=feature-receive]').count(), 1)
  const other = await e2e.newPage()
  await connect(other.page)
  await modal(other.page).getByRole('tab', { name: 'Tokens' }).focus()
  await other.page.keyboard.press('ArrowRight')
  await modal(other.page).getByRole('tab', { name: 'Activity', selected: true }).waitFor()
})

test.run()
