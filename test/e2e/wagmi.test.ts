// postern/wagmi in Chromium: a site built as AppKit's wagmi quick-start (WagmiAdapter into
// createAppKit), the injected test wallet, the local chains. What the modal connects, wagmi's own
// actions see and use: getAccount, getBalance and sendTransaction reach anvil through the wallet.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { injectedWalletInstallScript } from '../../dev/wallet/injected/index.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const test = suite('e2e: postern/wagmi')
let e2e: E2E
const [from, to] = demoAddresses() as [string, string]
const WALLET = { name: 'Alpha Wallet', rdns: 'dev.postern.alpha' }

const rpc = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json() as Promise<{ result: string }>)

test.before(async () => {
  e2e = await startE2E()
  const { web, chains } = e2e.stack
  const wallet = injectedWalletInstallScript({ ...WALLET, chains: Object.fromEntries(chains.map((c) => [String(c.chainId), c.rpcUrl])) })
  web.setPage('/t/wagmi-site.js', await bundleSite('test/e2e/wagmi-site.ts'))
  web.setPage('/t/wagmi.html', `<!doctype html><html><head><meta charset="utf-8"><title>wagmi</title><link rel="icon" href="data:,">
<script>${wallet}</script><script src="/demo-config.js"></script></head>
<body><appkit-button></appkit-button><script src="/t/wagmi-site.js"></script></body></html>`)
})
test.after(async () => {
  await e2e?.stop()
})

async function connect(page: Page) {
  await page.goto(`${e2e.stack.web.url}/t/wagmi.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  await page.locator('w3m-modal .item', { hasText: WALLET.name }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
}

test('behavior: the modal\'s connection is wagmi\'s — getAccount, getBalance, sendTransaction on the local chain', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  const account = await page.evaluate(() => {
    const { wagmi, wagmiConfig } = window as any
    const a = wagmi.getAccount(wagmiConfig)
    return { status: a.status, address: a.address, chainId: a.chainId, connector: a.connector?.id }
  })
  assert.equal(account, { status: 'connected', address: from, chainId: 1, connector: WALLET.rdns })

  const chain1 = e2e.stack.chains.find((c) => c.chainId === 1)!
  const onChain = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [from, 'latest'])).result)
  const read = await page.evaluate(async (address) => {
    const { wagmi, wagmiConfig } = window as any
    const b = await wagmi.getBalance(wagmiConfig, { address })
    return { value: String(b.value), symbol: b.symbol }
  }, from)
  assert.equal(read, { value: String(onChain), symbol: 'ETH' })

  const before = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [to, 'latest'])).result)
  const hash = await page.evaluate(async (target) => {
    const { wagmi, wagmiConfig } = window as any
    const hash = await wagmi.sendTransaction(wagmiConfig, { to: target, value: 1234567n })
    await wagmi.waitForTransactionReceipt(wagmiConfig, { hash })
    return hash as string
  }, to)
  const after = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [to, 'latest'])).result)
  assert.is(after - before, 1234567n)
  const sent = await page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.filter((e: any) => e.method === 'eth_sendTransaction').map((e: any) => e.result), WALLET.rdns)
  assert.equal(sent, [hash])
  assert.equal(errors, [])
})

test('behavior: wagmi\'s switchChain goes through the wallet and the modal follows; the modal\'s disconnect is wagmi\'s', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.evaluate(() => (window as any).wagmi.switchChain((window as any).wagmiConfig, { chainId: 137 }))
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  assert.is(await page.evaluate((r) => (window as any).PosternTestWallet.get(r).state.chainId, WALLET.rdns), 137)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:137:${from}`)
  await page.evaluate(() => (window as any).modal.disconnect())
  await page.waitForFunction(() => (window as any).wagmi.getAccount((window as any).wagmiConfig).status === 'disconnected')
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
})

test('behavior: a connection made with wagmi\'s own connect shows in the modal and its button', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/wagmi.html`)
  await page.evaluate(() => ((window as any).events = [], (window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data.event))))
  await page.waitForFunction((r) => (window as any).wagmiConfig.connectors.some((c: any) => c.id === r), WALLET.rdns)
  await page.evaluate((r) => {
    const { wagmi, wagmiConfig } = window as any
    return wagmi.connect(wagmiConfig, { connector: wagmiConfig.connectors.find((c: any) => c.id === r) }).then(() => undefined)
  }, WALLET.rdns)
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), from)
  await page.locator('appkit-button button', { hasText: 'ETH' }).waitFor()
  assert.equal(await page.evaluate(() => (window as any).events.filter((e: string) => e === 'CONNECT_SUCCESS').length), 1)
  assert.equal(errors, [])
})

test.run()
