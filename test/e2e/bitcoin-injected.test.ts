// OKX's and Unisat's own injected Bitcoin APIs in Chromium: the site's BitcoinAdapter lists them
// beside the Wallet Standard wallet, connects through the modal, and the provider signs ECDSA
// (BIP-137) messages that verify, pays and signs PSBTs; the regtest ledger keeps every payment.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import * as btc from '@scure/btc-signer'
import type { E2E } from './harness.ts'
import { connectBitcoin, satsOf, startBitcoinE2E } from './bitcoin-page.ts'
import { REGTEST } from '../../dev/bitcoin/index.ts'
import { verifyBip137 } from '../../src/lazy/bitcoin/bip137.ts'
import { verifyBip322 } from '../../src/lazy/bitcoin/bip322.ts'

const test = suite('e2e: Bitcoin, OKX and Unisat injected wallets')
const PAGE = '/t/bitcoin-injected.html'
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
let e2e: E2E

test.before(async () => {
  e2e = await startBitcoinE2E({ [PAGE]: '<script src="/bitcoin-test-wallet.js"></script><script src="/t/bitcoin-injected-wallets.js"></script>' })
  const { bitcoin } = e2e.stack
  const wallet = (kind: string, i: number) =>
    JSON.stringify({ kind, keys: { payment: bitcoin!.accounts[i]!.payment.secretKey, ordinal: bitcoin!.accounts[i]!.ordinal.secretKey }, esploraUrl: bitcoin!.url, icon: ICON })
  e2e.stack.web.setPage('/t/bitcoin-injected-wallets.js', `PosternBitcoinTestWallet.installInjected(${wallet('okx', 1)});\nPosternBitcoinTestWallet.installInjected(${wallet('unisat', 3)});\n`)
})
test.after(async () => e2e?.stop())

const demo = (i: number) => e2e.stack.bitcoin!.accounts[i]!
const log = (page: Page, kind: string) => page.evaluate((kind) => (window as any).PosternBitcoinTestWallet.injected(kind).log as string[], kind)
const call = <T>(page: Page, script: string, arg: unknown): Promise<T> => page.evaluate(({ script, arg }) => new Function('provider', 'arg', `return (${script})`)((window as any).bitcoinProvider(), arg), { script, arg })

test('behavior: OKX connects from the modal; its ECDSA signature verifies (BIP-137), a transfer and a PSBT land on the ledger', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'OKX Wallet', PAGE)
  const { payment } = demo(1)
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), payment.address)
  assert.equal(await call(page, 'provider.getAccountAddresses()', null), [{ address: payment.address, purpose: 'payment', publicKey: payment.publicKey }])
  await page.locator('appkit-button button', { hasText: 'BTC' }).waitFor()

  const message = 'Sign in with OKX'
  const ecdsa = await call<string>(page, 'provider.signMessage({ message: arg.message, address: arg.address, protocol: "ecdsa" })', { message, address: payment.address })
  assert.ok(verifyBip137(message, payment.address, ecdsa, REGTEST), 'BIP-137 verifies')
  assert.not.ok(verifyBip137(message, demo(2).payment.address, ecdsa, REGTEST), 'not for another address')
  const bip322 = await call<string>(page, 'provider.signMessage({ message: arg.message, address: arg.address, protocol: "bip322" })', { message, address: payment.address })
  assert.ok(verifyBip322(message, payment.address, bip322, REGTEST), 'BIP-322 verifies')

  const to = demo(4).ordinal.address
  const before = satsOf(e2e, to)
  const txid = await call<string>(page, 'provider.sendTransfer({ recipient: arg, amount: "25000" })', to)
  assert.ok(e2e.stack.bitcoin!.ledger.txs.get(txid)?.outputs.some((o) => o.address === to && o.value === 25_000n))
  assert.is(satsOf(e2e, to), before + 25_000n)

  // Signed in full by the wallet (no inputs named) and broadcast through its pushPsbt.
  const [utxo] = e2e.stack.bitcoin!.ledger.utxosOf(payment.address)
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
  tx.addOutputAddress(demo(4).payment.address, 20_000n, REGTEST)
  tx.addOutputAddress(payment.address, utxo!.value - 21_000n, REGTEST)
  const result = await call<{ psbt: string; txid?: string }>(page, 'provider.signPSBT({ psbt: arg, signInputs: [], broadcast: true })', Buffer.from(tx.toPSBT()).toString('base64'))
  assert.ok(result.txid && e2e.stack.bitcoin!.ledger.txs.has(result.txid), 'the ledger has the broadcast PSBT')
  assert.equal((await log(page, 'okx')).filter((m) => ['connect', 'send', 'signPsbt', 'pushPsbt'].includes(m)), ['connect', 'send', 'signPsbt', 'pushPsbt'])
})

test('behavior: Unisat connects from the modal, pays in satoshis, comes back after a reload without a prompt, and a revoke disconnects', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'Unisat Wallet', PAGE)
  const { payment } = demo(3)
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), payment.address)
  const to = demo(0).ordinal.address
  const before = satsOf(e2e, to)
  const txid = await call<string>(page, 'provider.sendTransfer({ recipient: arg, amount: "41000" })', to)
  assert.ok(e2e.stack.bitcoin!.ledger.txs.get(txid)?.outputs.some((o) => o.address === to && o.value === 41_000n))
  assert.is(satsOf(e2e, to), before + 41_000n)
  const ecdsa = await call<string>(page, 'provider.signMessage({ message: "unisat", address: arg })', payment.address)
  assert.ok(verifyBip137('unisat', payment.address, ecdsa, REGTEST), 'ECDSA (BIP-137) is the default')

  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), payment.address)
  assert.not.ok((await log(page, 'unisat')).includes('requestAccounts'), 'no prompt after the reload')
  await page.evaluate(() => (window as any).PosternBitcoinTestWallet.injected('unisat').revoke())
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
})

test('behavior: a refusal in the wallet is the 4001 error', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'OKX Wallet', PAGE)
  await page.evaluate(() => (window as any).PosternBitcoinTestWallet.injected('okx').setApprove(false))
  const error = await call<unknown>(page, 'provider.signMessage({ message: "no", address: arg }).then(() => null, (e) => ({ code: e.code, message: e.message }))', demo(1).payment.address)
  assert.equal(error, { code: 4001, message: 'User rejected the request.' })
})

test.run()
