// Wallets switched from the wallet side in Chromium (a sats-connect wallet's networkChange, Unisat's
// chainChanged): the modal follows with the wallet's addresses there, shows UnsupportedChain for a
// network the site lacks until the visitor picks one, and a reload comes back on the wallet's network.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import * as btc from '@scure/btc-signer'
import type { E2E } from './harness.ts'
import { caipOf, connectBitcoin, startBitcoinE2E, untilCaip } from './bitcoin-page.ts'
import { demoBitcoinAccount, MAINNET_CAIP, REGTEST, REGTEST_CAIP } from '../../dev/bitcoin/index.ts'

const test = suite('e2e: Bitcoin, wallets switched from the wallet side')
const PAGE = '/t/bitcoin-sats.html'
const UNISAT_PAGE = '/t/bitcoin-unisat.html'
const TESTNET_CAIP = 'bip122:000000000933ea01ad0ee984209779ba'
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
let e2e: E2E

test.before(async () => {
  const wallets = '<script src="/bitcoin-test-wallet.js"></script><script src="/t/bitcoin-switch-wallets.js"></script>'
  e2e = await startBitcoinE2E({ [PAGE]: wallets, [UNISAT_PAGE]: `<script>window.BITCOIN_NETWORKS = ['bitcoinRegtest', 'bitcoinTestnet']</script>${wallets}` })
  const { bitcoin } = e2e.stack
  const keys = (i: number) => ({ payment: bitcoin!.accounts[i]!.payment.secretKey, ordinal: bitcoin!.accounts[i]!.ordinal.secretKey })
  const sats = { id: 'PosternSatsProvider', name: 'Sats Test Wallet', icon: ICON, keys: keys(2), esploraUrl: bitcoin!.url }
  const unisat = { kind: 'unisat', keys: keys(3), esploraUrl: bitcoin!.url, icon: ICON }
  e2e.stack.web.setPage('/t/bitcoin-switch-wallets.js', `PosternBitcoinTestWallet.installSats(${JSON.stringify(sats)});\nPosternBitcoinTestWallet.installInjected(${JSON.stringify(unisat)});\n`)
})
test.after(async () => e2e?.stop())

const switchInWallet = (page: Page, name: string) => page.evaluate((name) => (window as any).PosternBitcoinTestWallet.sats('PosternSatsProvider').switchFromWallet(name), name)
const regtestAddress = () => `${REGTEST_CAIP}:${demoBitcoinAccount(2, REGTEST).payment.address}`
const mainnetAddress = () => `${MAINNET_CAIP}:${demoBitcoinAccount(2, btc.NETWORK).payment.address}`

test('behavior: the visitor switches inside the wallet to mainnet and back: the modal follows with the addresses there', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'Sats Test Wallet', PAGE)
  assert.is(await caipOf(page), regtestAddress())
  await switchInWallet(page, 'Mainnet')
  await untilCaip(page, mainnetAddress())
  assert.is(await page.evaluate(() => (window as any).modal.getCaipNetwork().caipNetworkId), MAINNET_CAIP)
  await switchInWallet(page, 'Regtest')
  await untilCaip(page, regtestAddress())
})

test('behavior: a network the site lacks (Testnet) shows UnsupportedChain; the visitor picks Bitcoin Regtest, the wallet switches and the session goes on with its balance', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'Sats Test Wallet', PAGE)
  await switchInWallet(page, 'Testnet')
  await page.locator('w3m-modal h2', { hasText: 'Switch Network' }).waitFor()
  await page.locator('w3m-modal p', { hasText: "This app doesn't support your current network. Switch to an available option to continue." }).waitFor()
  await page.locator('w3m-modal button', { hasText: 'Choose network' }).click()
  await page.locator('w3m-modal .item', { hasText: 'Bitcoin Regtest' }).click()
  await untilCaip(page, regtestAddress())
  await page.waitForFunction(() => (window as any).PosternBitcoinTestWallet.sats('PosternSatsProvider').network === 'Regtest')
  await page.locator('appkit-button button', { hasText: 'BTC' }).waitFor()
})

test('behavior: a reload after a switch inside the wallet comes back on the wallet\'s network with its addresses (sats-connect)', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'Sats Test Wallet', PAGE)
  await switchInWallet(page, 'Mainnet')
  await untilCaip(page, mainnetAddress())
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await caipOf(page), mainnetAddress())
})

test('behavior: Unisat switched inside the wallet to testnet is followed, and a reload comes back there with its tb1 address', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'Unisat Wallet', UNISAT_PAGE)
  const unisat = (script: string) => page.evaluate((script) => new Function('w', `return (${script})`)((window as any).PosternBitcoinTestWallet.injected('unisat')), script)
  const testnet = `${TESTNET_CAIP}:${await unisat("w.addressOn('testnet')")}`
  await unisat("w.switchFromWallet('BITCOIN_TESTNET')")
  await untilCaip(page, testnet)
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await caipOf(page), testnet)
})

test.run()
