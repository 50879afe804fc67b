// The modal's own views for Bitcoin: the Account view's balance (from the Esplora API the adapter
// reads) and a BTC send from the Send view, its fee from the node's fee estimates, signed by the
// Wallet Standard test wallet and kept by the regtest ledger. The reference server lists the BTC
// balance the form offers, read from the same Esplora API.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { E2E } from './harness.ts'
import { btcText, connectBitcoin, satsOf, startBitcoinE2E } from './bitcoin-page.ts'
import { sendForm } from './send-page.ts'
import { BITCOIN_TEST_WALLET_NAME as WALLET } from '../../dev/stack.ts'

const test = suite('e2e: Bitcoin send')
let e2e: E2E

test.before(async () => {
  e2e = await startBitcoinE2E()
})
test.after(async () => e2e?.stop())

const ledger = () => e2e.stack.bitcoin!.ledger
const sats = (address: string) => satsOf(e2e, address)

test('behavior: the Account view shows the BTC balance; the Send view pays the receiver at the node\'s fee rate, and the ledger holds it', async () => {
  const { page, errors } = await e2e.newPage()
  await connectBitcoin(e2e, page, WALLET)
  const from = e2e.stack.bitcoin!.accounts[0]!.payment.address
  const to = e2e.stack.bitcoin!.accounts[2]!.payment.address
  const [before, receiverBefore] = [sats(from), sats(to)]
  await page.locator('appkit-button button').click()
  const form = sendForm(page)
  await form.modal.locator('[data-testid=account-balance]', { hasText: 'BTC' }).waitFor()
  const shown = await form.modal.locator('[data-testid=account-balance]').innerText()
  assert.ok(shown.startsWith(btcText(before).slice(0, 4)), `the balance the ledger holds (${btcText(before)}): ${shown}`)
  await form.modal.locator('[data-testid=feature-send]').click()
  await form.choose('native:BTC')
  await form.fee.filter({ hasText: /≈ 0\.0000\d+ BTC/ }).waitFor()
  await form.amount.fill('0.5')
  await form.receiver.fill('bc1qnot-an-address')
  await form.submit.filter({ hasText: 'Invalid Address' }).waitFor()
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  assert.is(await form.modal.locator('[data-testid=send-preview-amount]').innerText(), '0.5 BTC')
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  assert.is(sats(to), receiverBefore + 50_000_000n)
  const paid = [...ledger().txs.values()].find((t) => t.outputs.some((o) => o.address === to && o.value === 50_000_000n))!
  assert.ok(paid.fee > 0n && paid.fee < 5_000n, `the fee at the node's estimate: ${paid.fee}`)
  assert.is(sats(from), before - 50_000_000n - paid.fee)
  const log = await page.evaluate((name) => (window as any).PosternBitcoinTestWallet.get(name).requests.map((e: any) => `${e.method}:${e.outcome}`), WALLET)
  assert.ok(log.includes('bitcoin:signTransaction:ok'))
  assert.equal(errors, [])
})

test('behavior: the reference server lists the BTC balance and the transfer in the history, from the Esplora API', async () => {
  const { api, bitcoin } = e2e.stack
  const address = bitcoin!.accounts[2]!.payment.address
  const query = `projectId=${e2e.stack.config.projectId}&chainId=${bitcoin!.caipNetworkId}`
  const balance = await (await fetch(`${api.url}/v1/account/${address}/balance?currency=usd&${query}`)).json()
  assert.equal(balance.balances.map((b: any) => `${b.symbol}:${b.chainId}:${b.quantity.numeric}`), [`BTC:${bitcoin!.caipNetworkId}:${btcText(sats(address))}`])
  const history = await (await fetch(`${api.url}/v1/account/${address}/history?${query}`)).json()
  const received = history.data.find((t: any) => t.metadata.operationType === 'receive' && t.transfers[0].quantity.numeric === '0.5')
  assert.ok(received, 'the 0.5 BTC received is listed')
  assert.is(received.metadata.sentTo, address)
  assert.is(received.transfers[0].fungible_info.symbol, 'BTC')
})

test.run()
