// The checks AppKit's ethers examples' buttons get, for a page built as one of them (postern/ethers
// or postern/ethers5, each with its own ethers): connect the injected wallet, then Sign msg, Send
// tx, Get Balance, Switch and Disconnect against the local chains. The page shows the account in
// #info, each button's outcome in #result, and has its buttons as `button.action`.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { injectedWalletInstallScript } from '../../dev/wallet/injected/index.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

export interface EthersSite {
  title: string
  /** The page's source, bundled as a site's bundler would. */
  entry: string
  /** The checks' own ethers (the version the page uses). */
  verifyMessage(message: string, signature: string): string
  formatEther(wei: bigint): string
}

const WALLET = { name: 'Alpha Wallet', rdns: 'dev.postern.alpha' }

const rpc = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json() as Promise<{ result: string }>)

export function ethersSiteSuite(site: EthersSite) {
  const test = suite(`e2e: ${site.title}`)
  let e2e: E2E
  const [from, to] = demoAddresses() as [string, string]

  test.before(async () => {
    e2e = await startE2E()
    const { web, chains } = e2e.stack
    const wallet = injectedWalletInstallScript({ ...WALLET, chains: Object.fromEntries(chains.map((c) => [String(c.chainId), c.rpcUrl])) })
    web.setPage('/t/ethers-site.js', await bundleSite(site.entry))
    web.setPage('/t/ethers-site.html', `<!doctype html><html><head><meta charset="utf-8"><title>${site.title}</title><link rel="icon" href="data:,">
<script>${wallet}</script><script src="/demo-config.js"></script></head>
<body><div id="app"></div><script src="/t/ethers-site.js"></script></body></html>`)
  })
  test.after(async () => {
    await e2e?.stop()
  })

  const info = (page: Page) => page.locator('#info')
  const result = (page: Page) => page.locator('#result')

  async function connect(page: Page) {
    await page.goto(`${e2e.stack.web.url}/t/ethers-site.html?to=${to}`)
    await page.locator('appkit-button button').click()
    await dialog(page).waitFor()
    await page.locator('w3m-modal .item', { hasText: WALLET.name }).click()
    await dialog(page).waitFor({ state: 'detached' })
    await page.locator('#info', { hasText: 'Connected: true' }).waitFor()
  }

  async function press(page: Page, label: string): Promise<string> {
    await page.evaluate(() => (document.querySelector('#result')!.textContent = ''))
    await page.locator('button.action', { hasText: label }).click()
    await page.waitForFunction(() => !!document.querySelector('#result')!.textContent)
    return (await result(page).textContent())!
  }

  test('behavior: connects the injected wallet; the page shows the account; Sign msg signs through the site\'s ethers', async () => {
    const { page, errors } = await e2e.newPage()
    await connect(page)
    const text = await info(page).textContent()
    assert.match(text!, `Address: ${from}`)
    assert.match(text!, 'Chain: 1')
    assert.match(text!, `Wallet: ${WALLET.name}`)
    const signed = await press(page, 'Sign msg')
    assert.match(signed, /^Sign msg: 0x[0-9a-f]{130}$/)
    assert.is(site.verifyMessage('Hello Reown AppKit!', signed.slice('Sign msg: '.length)), from)
    assert.equal(errors, [])
  })

  test('behavior: Send tx sends through the wallet and waits for it on the local chain; Get Balance reads it', async () => {
    const { page, errors } = await e2e.newPage()
    await connect(page)
    const chain1 = e2e.stack.chains.find((c) => c.chainId === 1)!
    const before = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [to, 'latest'])).result)
    const sent = await press(page, 'Send tx')
    assert.match(sent, /^Send tx: 0x[0-9a-f]{64}$/)
    const after = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [to, 'latest'])).result)
    assert.is(after - before, 100_000n, '0.0001 gwei')
    const requests = await page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.filter((e: any) => e.method === 'eth_sendTransaction').map((e: any) => e.result), WALLET.rdns)
    assert.equal(requests, [sent.slice('Send tx: '.length)])
    const onChain = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [from, 'latest'])).result)
    const balance = await press(page, 'Get Balance')
    assert.is(balance, `Get Balance: ${site.formatEther(onChain)} ETH`)
    assert.equal(errors, [])
  })

  test('behavior: Switch moves the wallet and the page to Polygon; Disconnect disconnects', async () => {
    const { page, errors } = await e2e.newPage()
    await connect(page)
    assert.is(await press(page, 'Switch'), 'Switch: done')
    await page.locator('#info', { hasText: 'Chain: 137' }).waitFor()
    assert.is(await page.evaluate((r) => (window as any).PosternTestWallet.get(r).state.chainId, WALLET.rdns), 137)
    assert.is(await press(page, 'Disconnect'), 'Disconnect: done')
    await page.locator('#info', { hasText: 'Connected: false' }).waitFor()
    assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
    assert.equal(errors, [])
  })

  return test
}
