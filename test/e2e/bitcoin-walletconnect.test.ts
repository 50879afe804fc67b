// Bitcoin over WalletConnect: the site's BitcoinAdapter, the modal's QR, the Node sign-client wallet
// serving bip122 with the regtest demo keys, the local relay and the regtest ledger. The provider a
// site gets for bip122 is AppKit's BitcoinWalletConnectConnector shape.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, type E2E } from './harness.ts'
import { startBitcoinE2E } from './bitcoin-page.ts'
import { openModal, shownUri } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'
import { REGTEST } from '../../dev/bitcoin/index.ts'
import { verifyBip322 } from '../../src/lazy/bitcoin/bip322.ts'
import { verifyBitcoin } from '../../server/auth/verify.ts'

const test = suite('e2e: Bitcoin over WalletConnect')
let e2e: E2E
let wallet: WcWallet

test.before(async () => {
  // /t/bitcoin-wc.html has no injected Bitcoin wallet: WalletConnect is the way in.
  e2e = await startBitcoinE2E()
  const { stack } = e2e
  const demo = stack.bitcoin!.accounts[1]!
  wallet = await createWalletConnectWallet({
    relayUrl: stack.relay.url,
    projectId: stack.config.projectId,
    rpcUrls: Object.fromEntries(stack.chains.map((c) => [c.chainId, c.rpcUrl])),
    bitcoin: { caipNetworkId: stack.bitcoin!.caipNetworkId, esploraUrl: stack.bitcoin!.url, keys: { payment: demo.payment.secretKey, ordinal: demo.ordinal.secretKey } },
  })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

test('behavior: the wallet pairs over WalletConnect for bip122, then signs a BIP-322 message, lists both accounts and sends a transfer the ledger holds; a refusal is an error', async () => {
  const { page, errors } = await e2e.newPage()
  const { bitcoin } = e2e.stack
  const { payment, ordinal } = bitcoin!.accounts[1]!
  await page.goto(`${e2e.stack.web.url}/t/bitcoin-wc.html`)
  await openModal(page)
  const item = page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).first()
  if (await item.count()) await item.click()
  await wallet.pair(await shownUri(page))
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `${bitcoin!.caipNetworkId}:${payment.address}`)
  const provider = () => (window as any).bitcoinProvider()
  assert.is(await page.evaluate(`(${provider})().type`), 'WALLET_CONNECT')
  assert.equal(await page.evaluate(`(${provider})().chains.map((c) => c.caipNetworkId)`), [bitcoin!.caipNetworkId])

  const message = 'Postern over WalletConnect'
  const signature = await page.evaluate(({ message, address }) => (window as any).bitcoinProvider().signMessage({ message, address }), { message, address: payment.address })
  assert.ok(verifyBip322(message, payment.address, signature, REGTEST), 'the base64 signature verifies (BIP-322)')
  // AppKit's connector passes the protocol on: 'ecdsa' is a BIP-137 signature, which the server's sign-in verifier takes as such.
  const ecdsa = await page.evaluate(({ message, address }) => (window as any).bitcoinProvider().signMessage({ message, address, protocol: 'ecdsa' }), { message, address: payment.address })
  assert.equal(verifyBitcoin(bitcoin!.caipNetworkId, payment.address, message, ecdsa), { ok: true, type: 'bip137' })
  assert.equal(verifyBitcoin(bitcoin!.caipNetworkId, payment.address, message, signature), { ok: true, type: 'bip322' })

  const addresses = await page.evaluate(() => (window as any).bitcoinProvider().getAccountAddresses())
  assert.equal(addresses.map((a: any) => `${a.purpose}:${a.address}`), [`payment:${payment.address}`, `ordinal:${ordinal.address}`])

  const to = bitcoin!.accounts[4]!.ordinal.address
  const txid = await page.evaluate((to) => (window as any).bitcoinProvider().sendTransfer({ recipient: to, amount: '42000' }), to)
  assert.ok(bitcoin!.ledger.txs.get(txid)?.outputs.some((o) => o.address === to && o.value === 42_000n), 'the ledger holds the output')
  assert.equal(wallet.requests.map((r) => `${r.chainId}:${r.method}`), ['signMessage', 'signMessage', 'getAccountAddresses', 'sendTransfer'].map((m) => `${bitcoin!.caipNetworkId}:${m}`))
  wallet.setPolicy('reject')
  const refused = await page.evaluate((address) => (window as any).bitcoinProvider().signMessage({ message: 'no', address }).then(() => null, (e: any) => String(e?.message ?? e)), payment.address)
  wallet.setPolicy('approve')
  assert.match(refused ?? '', /rejected/i)
  assert.equal(errors, [])
})

test.run()
