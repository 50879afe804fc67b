// Bitcoin end to end in Chromium: a site with postern/bitcoin's BitcoinAdapter, the Wallet Standard
// Bitcoin test wallet, the regtest ledger behind its Esplora API. Nothing is mocked: transfers are
// signed by the wallet, checked and kept by the ledger; messages verify with BIP-322.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import * as btc from '@scure/btc-signer'
import type { E2E } from './harness.ts'
import { connectBitcoin, satsOf, startBitcoinE2E } from './bitcoin-page.ts'
import { BITCOIN_TEST_WALLET_NAME as WALLET } from '../../dev/stack.ts'
import { REGTEST } from '../../dev/bitcoin/index.ts'
import { verifyBip322 } from '../../src/lazy/bitcoin/bip322.ts'

const test = suite('e2e: Bitcoin')
let e2e: E2E

test.before(async () => {
  e2e = await startBitcoinE2E()
})
test.after(async () => e2e?.stop())

const ledger = () => e2e.stack.bitcoin!.ledger
const demo = (i: number) => e2e.stack.bitcoin!.accounts[i]!
const log = (page: Page) => page.evaluate((name) => (window as any).PosternBitcoinTestWallet.get(name).requests.map((e: any) => `${e.method}:${e.outcome}`) as string[], WALLET)
const connect = (page: Page) => connectBitcoin(e2e, page, WALLET)
const sats = (address: string) => satsOf(e2e, address)

test('behavior: the Bitcoin wallet connects with its payment address, both accounts listed, and the balance the ledger holds', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  const { payment, ordinal } = demo(0)
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), payment.address)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${payment.address}`)
  assert.is(await page.evaluate(() => (window as any).modal.getState().activeChain), 'bip122')
  const all = await page.evaluate(() => (window as any).modal.getAccount('bip122').allAccounts.map((a: any) => `${a.type}:${a.address}`))
  assert.equal(all, [`payment:${payment.address}`, `ordinal:${ordinal.address}`])
  const btcText = (value: bigint) => `${value / 100_000_000n}`
  const balance = btcText(sats(payment.address))
  await page.locator('appkit-button button', { hasText: 'BTC' }).waitFor()
  const shown = await page.locator('appkit-button button').textContent()
  assert.ok(shown?.startsWith(balance), `the button shows ${balance} BTC: ${shown}`)
  assert.equal(await log(page), ['bitcoin:connect:ok'])
  assert.equal(errors, [])
})

test('behavior: signMessage gives a BIP-322 signature that verifies for the payment address, and not for another message', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  const { payment } = demo(0)
  const message = 'Sign in to Postern with Bitcoin'
  const signature = await page.evaluate(({ message, address }) => (window as any).bitcoinProvider().signMessage({ message, address }), { message, address: payment.address })
  assert.ok(verifyBip322(message, payment.address, signature, REGTEST), 'verifies')
  assert.not.ok(verifyBip322(`${message}!`, payment.address, signature, REGTEST), 'a changed message fails')
  assert.not.ok(verifyBip322(message, demo(1).payment.address, signature, REGTEST), 'another address fails')
})

test('behavior: sendTransfer pays the receiver through the wallet; the ledger holds the output and the change', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  const { payment } = demo(0)
  const to = demo(3).payment.address
  const before = sats(to)
  const paid = sats(payment.address)
  const txid = await page.evaluate((to) => (window as any).bitcoinProvider().sendTransfer({ recipient: to, amount: '150000' }), to)
  const tx = ledger().txs.get(txid)
  assert.ok(tx, 'the ledger has the transaction')
  assert.ok(tx!.outputs.some((o) => o.address === to && o.value === 150_000n), 'the receiver output')
  assert.is(sats(to), before + 150_000n)
  assert.is(sats(payment.address), paid - 150_000n - tx!.fee, 'change back to the payer, less the fee')
  assert.ok(tx!.fee > 0n && tx!.fee < 5_000n, `a fee at the node's rate: ${tx!.fee}`)
  assert.ok((await log(page)).includes('bitcoin:signTransaction:ok'))
})

test('behavior: signPSBT signs the inputs asked for; the PSBT finalizes into a transaction the ledger accepts', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  const { ordinal } = demo(0)
  const [utxo] = ledger().utxosOf(ordinal.address)
  assert.ok(utxo, 'the ordinal address holds an output')
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value }, tapInternalKey: Uint8Array.from(Buffer.from(ordinal.publicKey, 'hex')) })
  tx.addOutputAddress(demo(4).payment.address, utxo!.value - 500n, REGTEST)
  const psbt = Buffer.from(tx.toPSBT()).toString('base64')
  const result = await page.evaluate(({ psbt, address }) => (window as any).bitcoinProvider().signPSBT({ psbt, signInputs: [{ address, index: 0, sighashTypes: [0] }] }), { psbt, address: ordinal.address })
  assert.is(result.txid, undefined)
  const signed = btc.Transaction.fromPSBT(Buffer.from(result.psbt, 'base64'))
  signed.finalize()
  assert.is(ledger().submit(signed.hex), signed.id)
})

test('protection: the ledger refuses a transaction whose signature is not the owner\'s', async () => {
  const { payment } = demo(1)
  const [utxo] = ledger().utxosOf(payment.address)
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: utxo!.script, amount: utxo!.value } })
  tx.addOutputAddress(demo(2).payment.address, utxo!.value - 1000n, REGTEST)
  // Another key signs: scure refuses to sign an input it does not own, so the signature is moved across.
  const thief = btc.p2wpkh(Buffer.from(demo(2).payment.publicKey, 'hex'), REGTEST)
  const forged = new btc.Transaction()
  forged.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: thief.script, amount: utxo!.value } })
  forged.addOutputAddress(demo(2).payment.address, utxo!.value - 1000n, REGTEST)
  forged.sign(Buffer.from(demo(2).payment.secretKey, 'hex'))
  forged.finalize()
  const witness = forged.getInput(0).finalScriptWitness!
  tx.updateInput(0, { finalScriptWitness: [witness[0]!, Buffer.from(payment.publicKey, 'hex')] })
  assert.throws(() => ledger().submit(tx.hex), /mandatory-script-verify-flag-failed/)
  assert.ok(ledger().utxosOf(payment.address).some((o) => o.txid === utxo!.txid), 'the output stays unspent')
})

test('behavior: a refused request is the 4001 error; the wallet logs it', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.evaluate((name) => (window as any).PosternBitcoinTestWallet.get(name).setPolicy('reject'), WALLET)
  const error = await page.evaluate((address) => (window as any).bitcoinProvider().signMessage({ message: 'no', address }).then(() => null, (e: any) => ({ code: e.code, message: e.message })), demo(0).payment.address)
  assert.equal(error, { code: 4001, message: 'User rejected the request.' })
})

test.run()
