// TRON over WalletConnect: the Node test wallet approves the `tron` namespace on the local relay;
// the provider useAppKitProvider('tron') gives (AppKit's TronWalletConnectConnector) signs a
// message over tron_signMessage and sends TRX with tron_signTransaction, built and broadcast
// through the local TRON node.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { openModal, shownUri } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'
import { verifyMessageV2 } from '../../dev/tron/index.ts'
import { toHexAddress } from '../../dev/tron/crypto.ts'

const test = suite('e2e: TRON over WalletConnect')
let e2e: E2E
let wallet: WcWallet
const account = (i: number) => e2e.stack.tron.accounts[i]!

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/tron-site.js', await bundleSite('test/e2e/tron-site.ts'))
  // No TronLink here: the visitor's wallet is on their phone.
  e2e.stack.web.setPage('/t/tron-wc.html', `<!doctype html><html><head><meta charset="utf-8"><title>react-tron</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script></head>
<body data-receiver="${account(4).address}"><appkit-button></appkit-button><button id="sign-button">Sign msg</button><button id="send-button">Send tx</button>
<pre id="sign"></pre><pre id="send"></pre><pre id="error"></pre><script src="/t/tron-site.js"></script></body></html>`)
  wallet = await createWalletConnectWallet({
    relayUrl: e2e.stack.relay.url,
    projectId: e2e.stack.config.projectId,
    rpcUrls: {},
    tron: { privateKey: account(3).privateKey, chains: [e2e.stack.tron.caipNetworkId] },
  })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

test('behavior: a WalletConnect wallet connects on tron, signs a message that verifies and sends TRX the node has', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/tron-wc.html`)
  await openModal(page)
  await page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).first().click()
  await wallet.pair(await shownUri(page))
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).appKit.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).appKit.getCaipAddress()), `tron:0x504f5354:${account(3).address}`)

  await page.locator('#sign-button').click()
  await page.waitForFunction(() => !!document.getElementById('sign')!.textContent || !!document.getElementById('error')!.textContent)
  assert.is(await page.locator('#error').textContent(), '')
  assert.is(verifyMessageV2('Hello Reown AppKit!', (await page.locator('#sign').textContent())!), account(3).address)

  const before = e2e.stack.tron.ledger.balances.get(toHexAddress(account(4).address))!
  await page.locator('#send-button').click()
  await page.waitForFunction(() => !!document.getElementById('send')!.textContent || !!document.getElementById('error')!.textContent)
  assert.is(await page.locator('#error').textContent(), '')
  const txID = (await page.locator('#send').textContent())!
  assert.ok(e2e.stack.tron.ledger.transactions.has(txID), 'the node has the transaction')
  assert.is(e2e.stack.tron.ledger.balances.get(toHexAddress(account(4).address)), before + 1000n)
  assert.equal(wallet.requests.map((r) => `${r.method}@${r.chainId}`), ['tron_signMessage@tron:0x504f5354', 'tron_signTransaction@tron:0x504f5354'])
  assert.equal(errors, [])
})

test.run()
