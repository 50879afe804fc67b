// A sats-connect wallet (window.btc_providers) in Chromium: the visitor switches network inside
// the wallet (its networkChange event), and the modal follows with the wallet's addresses there.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import * as btc from '@scure/btc-signer'
import type { E2E } from './harness.ts'
import { connectBitcoin, startBitcoinE2E } from './bitcoin-page.ts'
import { demoBitcoinAccount, MAINNET_CAIP, REGTEST, REGTEST_CAIP } from '../../dev/bitcoin/index.ts'

const test = suite('e2e: Bitcoin, a sats-connect wallet switched from the wallet side')
const PAGE = '/t/bitcoin-sats.html'
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
let e2e: E2E

test.before(async () => {
  e2e = await startBitcoinE2E({ [PAGE]: '<script src="/bitcoin-test-wallet.js"></script><script src="/t/bitcoin-sats-wallet.js"></script>' })
  const { bitcoin } = e2e.stack
  const o = { id: 'PosternSatsProvider', name: 'Sats Test Wallet', icon: ICON, keys: { payment: bitcoin!.accounts[2]!.payment.secretKey, ordinal: bitcoin!.accounts[2]!.ordinal.secretKey }, esploraUrl: bitcoin!.url }
  e2e.stack.web.setPage('/t/bitcoin-sats-wallet.js', `PosternBitcoinTestWallet.installSats(${JSON.stringify(o)});\n`)
})
test.after(async () => e2e?.stop())

const caip = (page: Page) => page.evaluate(() => (window as any).modal.getCaipAddress() as string)
const switchInWallet = (page: Page, name: string) => page.evaluate((name) => (window as any).PosternBitcoinTestWallet.sats('PosternSatsProvider').switchFromWallet(name), name)

test('behavior: the visitor switches inside the wallet to mainnet and back: the modal follows with the addresses there', async () => {
  const { page } = await e2e.newPage()
  await connectBitcoin(e2e, page, 'Sats Test Wallet', PAGE)
  assert.is(await caip(page), `${REGTEST_CAIP}:${demoBitcoinAccount(2, REGTEST).payment.address}`)
  await switchInWallet(page, 'Mainnet')
  const mainnet = demoBitcoinAccount(2, btc.NETWORK).payment.address
  await page.waitForFunction((want) => (window as any).modal.getCaipAddress() === want, `${MAINNET_CAIP}:${mainnet}`)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipNetwork().caipNetworkId), MAINNET_CAIP)
  await switchInWallet(page, 'Regtest')
  await page.waitForFunction((want) => (window as any).modal.getCaipAddress() === want, `${REGTEST_CAIP}:${demoBitcoinAccount(2, REGTEST).payment.address}`)
})

test.run()
