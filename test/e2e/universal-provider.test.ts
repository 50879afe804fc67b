// AppKit's universalProvider option: a site's own WalletConnect UniversalProvider is the one the
// modal pairs with (Node wallet, local relay), and getUniversalProvider returns it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { shownUri } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const test = suite('e2e: universalProvider option')
let e2e: E2E
let wallet: WcWallet

test.before(async () => {
  e2e = await startE2E()
  const { web, relay, config, chains } = e2e.stack
  web.setPage('/t/up-site.js', await bundleSite('test/e2e/universal-provider-site.ts'))
  web.setPage('/t/up.html', `<!doctype html><html><head><meta charset="utf-8"><title>up</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script></head><body><appkit-button></appkit-button><script src="/t/up-site.js"></script></body></html>`)
  wallet = await createWalletConnectWallet({ relayUrl: relay.url, projectId: config.projectId, rpcUrls: Object.fromEntries(chains.map((c) => [c.chainId, c.rpcUrl])) })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

test('behavior: the modal pairs through the site\'s own provider; getUniversalProvider returns it', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/up.html`)
  await page.waitForFunction(() => !!(window as any).modal)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).click()
  await wallet.pair(await shownUri(page))
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), wallet.address)
  const same = await page.evaluate(async () => (await (window as any).modal.getUniversalProvider()) === (window as any).universalProvider)
  assert.ok(same, 'getUniversalProvider is the site\'s provider')
  const topic = await page.evaluate(() => (window as any).universalProvider.session?.topic as string | undefined)
  assert.ok(topic && wallet.sessions().includes(topic), 'the site\'s provider holds the session the wallet made')
  assert.equal(errors, [])
})

test.run()
