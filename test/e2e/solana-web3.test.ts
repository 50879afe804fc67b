// AppKit's javascript-solana example in Chromium with Postern's imports (test/e2e/solana-web3-site.ts):
// Switch Network, Sign Message, Send tx, Get Balance and Disconnect against the Solana test wallet
// and the local ledger, through the site's own @solana/web3.js: Switch Network (named by
// subscribeNetwork at connect), Sign Message (Buffer from the adapter's polyfills), Send tx
// (sendTransaction(tx, connection)), Get Balance, Disconnect (subscribeState hides the buttons).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { address, createSolanaRpc, getPublicKeyFromAddress, verifySignature, type Signature, type SignatureBytes } from '@solana/kit'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { SOLANA_TEST_WALLET_NAME } from '../../dev/stack.ts'
import { solanaDevnet } from '../../src/networks'

const test = suite('e2e: javascript-solana example')
let e2e: E2E
let owner: string

const BUTTONS = ['open-connect-modal', 'disconnect', 'switch-network', 'sign-message', 'send-tx', 'get-balance']
const SECTIONS = ['balanceState', 'txState', 'signatureState', 'errorState', 'networkState']

test.before(async () => {
  e2e = await startE2E({ solana: true })
  owner = e2e.stack.solana!.accounts[0]!.address
  const buttons = BUTTONS.map((id) => `<button id="${id}" data-connected-only>${id}</button>`).join('')
  const sections = SECTIONS.map((id) => `<section style="display: none"><pre id="${id}"></pre></section>`).join('')
  e2e.stack.web.setPage('/t/solana-web3-site.js', await bundleSite('test/e2e/solana-web3-site.ts'))
  e2e.stack.web.setPage('/t/solana-web3.html', `<!doctype html><html><head><meta charset="utf-8"><title>javascript-solana</title><link rel="icon" href="data:,">
<script src="/solana-test-wallet.js"></script><script src="/demo-config.js"></script></head>
<body><appkit-button></appkit-button>${buttons}${sections}<script src="/t/solana-web3-site.js"></script></body></html>`)
})
test.after(async () => {
  await e2e?.stop()
})

async function press(page: Page, id: string, result: string): Promise<string> {
  await page.evaluate((r) => (document.getElementById(r)!.textContent = ''), result)
  await page.locator(`#${id}`).click()
  await page.waitForFunction((r) => !!document.getElementById(r)!.textContent || !!document.getElementById('errorState')!.textContent, result)
  const error = await page.locator('#errorState').textContent()
  assert.is(error, '', `${id}: ${error}`)
  return (await page.locator(`#${result}`).textContent())!
}

test('behavior: connects, then Switch Network, Sign Message, Send tx, Get Balance and Disconnect each work', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/solana-web3.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: SOLANA_TEST_WALLET_NAME }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.locator('#sign-message').waitFor({ state: 'visible' })

  // The provider's requestedChains, as subscribeNetwork's callback reads them on a switch.
  assert.equal(await page.evaluate(() => (window as any).appKit.getWalletProvider().requestedChains.map((c: any) => c.id)), ['localnet', String(solanaDevnet.id)])

  // subscribeNetwork called back at connect, as AppKit's does: the button names the other network.
  await page.waitForFunction(() => document.getElementById('switch-network')!.textContent === 'Switch to Solana Devnet')
  assert.is(await page.locator('#networkState').textContent(), 'localnet')
  await page.locator('#switch-network').click()
  await page.waitForFunction(() => document.getElementById('switch-network')!.textContent === 'Switch to Solana Localnet')
  assert.is(await page.locator('#networkState').textContent(), String(solanaDevnet.id))
  assert.is(await page.evaluate(() => (window as any).appKit.getCaipNetwork().caipNetworkId), solanaDevnet.caipNetworkId)
  await page.locator('#switch-network').click()
  await page.waitForFunction(() => document.getElementById('networkState')!.textContent === 'localnet')

  const hex = await press(page, 'sign-message', 'signatureState')
  assert.match(hex, /^[0-9a-f]{128}$/)
  const bytes = new Uint8Array(hex.match(/../g)!.map((b) => parseInt(b, 16)))
  assert.ok(await verifySignature(await getPublicKeyFromAddress(address(owner)), bytes as SignatureBytes, new TextEncoder().encode('Hello Reown AppKit!')))

  const signature = JSON.parse(await press(page, 'send-tx', 'txState')) as string
  const rpc = createSolanaRpc(e2e.stack.solana!.rpcUrl)
  let status: unknown
  for (const end = Date.now() + 30_000; !status && Date.now() < end;) {
    status = (await rpc.getSignatureStatuses([signature as Signature]).send()).value[0]
    if (!status) await new Promise((r) => setTimeout(r, 100))
  }
  assert.ok(status, 'the ledger has the transaction')
  assert.is((status as { err: unknown }).err, null)

  const lamports = (await rpc.getBalance(address(owner)).send()).value
  assert.is(await press(page, 'get-balance', 'balanceState'), `${Number(lamports) / 1e9} SOL`)
  assert.equal(errors, [])

  await page.locator('#disconnect').click()
  await page.waitForFunction(() => !(window as any).appKit.getIsConnected())
  // subscribeState called back at disconnect, as AppKit's does: the connected-only buttons hide.
  for (const id of BUTTONS) await page.locator(`#${id}`).waitFor({ state: 'hidden' })
})

test.run()
