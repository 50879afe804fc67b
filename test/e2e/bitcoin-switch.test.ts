// Switching Bitcoin networks as AppKit 1.8 does: the modal asks the Wallet Standard wallet's
// bitcoin:switchNetwork and takes the wallet's accounts on the new network. On a site with
// bitcoin and bitcoinTestnet (react-bitcoin's), the test wallet starts on mainnet's addresses (the
// stack's mainnet-encoded ledger) and moves to its testnet ones (the testnet ledger, tb1…): the
// balance, a send from the Send view and the server's history follow it, and it comes back.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import type { E2E } from './harness.ts'
import { connectBitcoin, startBitcoinE2E, untilCaip } from './bitcoin-page.ts'
import { sendForm } from './send-page.ts'
import { bitcoinWalletInstallScript } from '../../dev/wallet/bitcoin/index.ts'
import { MAINNET_CAIP, TESTNET_CAIP } from '../../dev/bitcoin/index.ts'

const test = suite('e2e: Bitcoin network switch')
const WALLET = 'Postern Bitcoin Switcher'
const FIXED = 'Postern Bitcoin One-Network'
let e2e: E2E

const networksHead = '<script>window.BITCOIN_NETWORKS = ["bitcoin", "bitcoinTestnet"]</script>'
test.before(async () => {
  e2e = await startBitcoinE2E({
    '/t/bitcoin-switch.html': `${networksHead}<script src="/t/bitcoin-switch-wallet.js"></script>`,
    '/t/bitcoin-fixed.html': `${networksHead}<script src="/t/bitcoin-fixed-wallet.js"></script>`,
  })
  const account = (i: number) => ({ payment: e2e.stack.bitcoin!.accounts[i]!.payment.secretKey, ordinal: e2e.stack.bitcoin!.accounts[i]!.ordinal.secretKey })
  const chains = ['bitcoin:mainnet', 'bitcoin:testnet']
  e2e.stack.web.setPage('/t/bitcoin-switch-wallet.js', await bitcoinWalletInstallScript({ name: WALLET, keys: account(1), chains, network: 'mainnet' }))
  e2e.stack.web.setPage('/t/bitcoin-fixed-wallet.js', await bitcoinWalletInstallScript({ name: FIXED, keys: account(3), chains, network: 'mainnet', canSwitch: false }))
  // The testnet address holds more than the mainnet one, so the balance shown tells them apart.
  e2e.stack.bitcoinTestnet!.ledger.fund([{ address: e2e.stack.bitcoinTestnet!.accounts[1]!.payment.address, sats: 250_000_000n }])
})
test.after(async () => e2e?.stop())

const modal = (page: Page) => page.locator('w3m-modal')
const caip = (page: Page) => page.evaluate(() => (window as any).modal.getCaipAddress() as string)
const all = (page: Page) => page.evaluate(() => (window as any).modal.getAccount('bip122').allAccounts.map((a: any) => `${a.type}:${a.address}`) as string[])
const log = (page: Page) => page.evaluate((name) => (window as any).PosternBitcoinTestWallet.get(name).requests.map((e: any) => `${e.method}:${e.outcome}`) as string[], WALLET)

/** From the Account view: the network list, then the network by name. */
async function switchTo(page: Page, name: string): Promise<void> {
  await modal(page).locator('[data-testid=account-network]').click()
  await modal(page).locator('.item .name').getByText(name, { exact: true }).click()
}

test('behavior: the wallet switches mainnet → testnet: the testnet address, accounts and balance; a send on testnet; the history; and back', async () => {
  const { page, errors } = await e2e.newPage()
  await connectBitcoin(e2e, page, WALLET, '/t/bitcoin-switch.html')
  const mainnet = e2e.stack.bitcoinMainnet!.accounts[1]!
  const testnet = e2e.stack.bitcoinTestnet!.accounts[1]!
  assert.is(await caip(page), `${MAINNET_CAIP}:${mainnet.payment.address}`)
  await page.locator('appkit-button button').click()
  await modal(page).locator('[data-testid=account-balance]', { hasText: /^10(\.0+)? BTC/ }).waitFor()

  await switchTo(page, 'Bitcoin Testnet')
  await page.waitForFunction((id) => (window as any).modal.getCaipAddress()?.startsWith(id), TESTNET_CAIP)
  assert.is(await caip(page), `${TESTNET_CAIP}:${testnet.payment.address}`)
  assert.ok(testnet.payment.address.startsWith('tb1q'), testnet.payment.address)
  assert.equal(await all(page), [`payment:${testnet.payment.address}`, `ordinal:${testnet.ordinal.address}`])
  assert.ok((await log(page)).includes('bitcoin:switchNetwork:ok'))
  await modal(page).locator('[data-testid=account-balance]', { hasText: /^12\.5/ }).waitFor()

  // A send on testnet: signed on the testnet address, kept by the testnet ledger.
  const to = e2e.stack.bitcoinTestnet!.accounts[2]!.payment.address
  const form = sendForm(page)
  await form.modal.locator('[data-testid=feature-send]').click()
  await form.choose('native:BTC')
  await form.amount.fill('0.25')
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor()
  const paid = [...e2e.stack.bitcoinTestnet!.ledger.txs.values()].find((t) => t.outputs.some((o) => o.address === to && o.value === 25_000_000n))
  assert.ok(paid, 'the testnet ledger holds the payment')
  assert.ok(paid!.inputs.every((i) => i.prevout?.address === testnet.payment.address), 'paid from the testnet address')
  const query = `projectId=${e2e.stack.config.projectId}&chainId=${TESTNET_CAIP}`
  const history = await (await fetch(`${e2e.stack.api.url}/v1/account/${testnet.payment.address}/history?${query}`)).json()
  assert.ok(history.data.some((t: any) => t.metadata.operationType === 'send' && t.metadata.sentTo === to && t.transfers[0].quantity.numeric === '0.25'), 'the server lists the send on testnet')

  await switchTo(page, 'Bitcoin')
  await page.waitForFunction((id) => (window as any).modal.getCaipAddress()?.startsWith(id), MAINNET_CAIP)
  assert.is(await caip(page), `${MAINNET_CAIP}:${mainnet.payment.address}`)
  assert.equal(await all(page), [`payment:${mainnet.payment.address}`, `ordinal:${mainnet.ordinal.address}`])
  assert.equal((await log(page)).filter((l) => l.startsWith('bitcoin:switchNetwork')), ['bitcoin:switchNetwork:ok', 'bitcoin:switchNetwork:ok'])
  assert.equal(errors, [])
})

test('behavior: after a reload the session comes back on the network and addresses the wallet is on', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, WALLET, '/t/bitcoin-switch.html')
  await page.evaluate(() => (window as any).modal.switchNetwork((window as any).modal.getCaipNetworks('bip122').find((n: any) => n.name === 'Bitcoin Testnet')))
  const testnet = e2e.stack.bitcoinTestnet!.accounts[1]!
  await page.waitForFunction((id) => (window as any).modal.getCaipAddress()?.startsWith(id), TESTNET_CAIP)
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await caip(page), `${TESTNET_CAIP}:${testnet.payment.address}`)
})

test('behavior: the visitor switches inside the wallet (standard:events with testnet accounts): the modal follows with the testnet address and its balance', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, WALLET, '/t/bitcoin-switch.html')
  await page.evaluate((name) => (window as any).PosternBitcoinTestWallet.get(name).switchFromWallet('bitcoin:testnet'), WALLET)
  const testnet = e2e.stack.bitcoinTestnet!.accounts[1]!.payment.address
  await untilCaip(page, `${TESTNET_CAIP}:${testnet}`)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipNetwork().name), 'Bitcoin Testnet')
  const sats = e2e.stack.bitcoinTestnet!.ledger.utxosOf(testnet).reduce((s, o) => s + o.value, 0n)
  await page.locator('appkit-button button').click()
  // The testnet ledger's balance, as the modal rounds it (not the mainnet address's 10 BTC).
  const shown = () => modal(page).locator('[data-testid=account-balance]').textContent().then((t) => parseFloat(t ?? ''))
  // Not yet a number (the balance still loading) counts as not there yet.
  const near = async () => Math.abs((await shown()) - Number(sats) / 1e8) <= 0.001
  for (const end = Date.now() + 30_000; !(await near()) && Date.now() < end;) await page.waitForTimeout(100)
  assert.ok(await near(), `${await shown()} ≈ ${Number(sats) / 1e8}`)
})

test('behavior: a wallet without bitcoin:switchNetwork is not switched (AppKit\'s error); the modal keeps its network and address', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, FIXED, '/t/bitcoin-fixed.html')
  const before = await caip(page)
  assert.ok(before.startsWith(`${MAINNET_CAIP}:bc1q`), before)
  await page.locator('appkit-button button').click()
  await switchTo(page, 'Bitcoin Testnet')
  await modal(page).locator('.toast', { hasText: `${FIXED} wallet does not support network switching` }).waitFor()
  assert.is(await caip(page), before)
})

test.run()
