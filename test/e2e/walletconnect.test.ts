// WalletConnect end to end: the modal in Chromium, the Node sign-client wallet, the local relay,
// the reference API server and anvil. No mocks.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { dialog, startE2E, type E2E } from './harness.ts'
import { openModal, shownUri, statusLine, wcPage } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const test = suite('e2e: WalletConnect')
let e2e: E2E
let wallet: WcWallet
let page: Page
let errors: string[]

const WC_URI = /^wc:[0-9a-f]{64}@2\?/
const isConnected = (p: Page) => p.evaluate(() => (window as any).modal.getIsConnected() as boolean)
const balanceText = (p: Page) => p.locator('w3m-modal [data-testid=account-balance]')

test.before(async () => {
  e2e = await startE2E()
  const { stack } = e2e
  stack.web.setPage('/t/wc.html', wcPage(stack))
  stack.web.setPage('/t/wc-short.html', wcPage(stack, { options: 'walletConnectPairingTtl: 12000,' }))
  stack.web.setPage('/t/wc-adapters.html', wcPage(stack, { adapters: '[Postern.adapters.eip155()]' }))
  wallet = await createWalletConnectWallet({
    relayUrl: stack.relay.url,
    projectId: stack.config.projectId,
    rpcUrls: Object.fromEntries(stack.chains.map((c) => [c.chainId, c.rpcUrl])),
  })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

test('behavior: the QR holds a valid wc: URI; the wallet pairs and approves; the modal shows the address and its local balance', async () => {
  ;({ page, errors } = await e2e.newPage())
  await page.goto(`${e2e.stack.web.url}/t/wc.html`)
  await openModal(page)
  assert.is(await page.locator('w3m-modal h2').textContent(), 'WalletConnect')
  const uri = await shownUri(page)
  assert.match(uri, WC_URI)
  const query = new URLSearchParams(uri.slice(uri.indexOf('?') + 1))
  assert.match(query.get('symKey') ?? '', /^[0-9a-f]{64}$/)
  assert.is(query.get('relay-protocol'), 'irn')
  assert.ok(Number(query.get('expiryTimestamp')) * 1000 > Date.now())
  assert.is(await page.locator('w3m-modal [data-wc-copy]').getAttribute('data-wc-copy'), uri)
  const qr = page.locator('w3m-modal svg[role=img]')
  assert.match((await qr.getAttribute('aria-label')) ?? '', 'QR code')
  assert.match(await statusLine(page).textContent() ?? '', 'Scan this QR code')

  await wallet.pair(uri)
  await dialog(page).waitFor({ state: 'detached', timeout: 15_000 })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), wallet.address)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:1:${wallet.address}`)
  await page.locator('appkit-button button', { hasText: '10000.000 ETH' }).waitFor()
  await openModal(page)
  await balanceText(page).filter({ hasText: '10000.000 ETH' }).waitFor()
  assert.equal(errors, [])
})

test.run()
