import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { evmPage, WALLET_A, WALLET_B } from './evm-page.ts'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const test = suite('e2e: EVM wallets')
let e2e: E2E
let optimism: AnvilNode
const address = demoAddresses()[0]!
const short = `${address.slice(0, 6)}…${address.slice(-4)}`

const rpc = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json())

test.before(async () => {
  e2e = await startE2E()
  optimism = await startAnvil(10)
  const polygon = e2e.stack.chains.find((c) => c.chainId === 137)!
  await rpc(polygon.rpcUrl, 'anvil_setBalance', [address, '0x246DDF97976680000']) // 42 POL
  const stack = e2e.stack
  stack.web.setPage('/t/one.html', evmPage(stack))
  stack.web.setPage('/t/two.html', evmPage(stack, { wallets: [WALLET_A, WALLET_B, { ...WALLET_A, uuid: 'dup' }] }))
  const walletChains = { ...Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl])), '10': optimism.rpcUrl }
  stack.web.setPage('/t/wallet-knows-10.html', evmPage(stack, { wallets: [{ ...WALLET_A, chains: walletChains, chainId: 1 }] }))
  stack.web.setPage('/t/op.html', evmPage(stack, { networks: '[N.mainnet, N.polygon, N.optimism]', extraRpcUrls: { 'eip155:10': optimism.rpcUrl } }))
})
test.after(async () => {
  await optimism?.stop()
  await e2e?.stop()
})

async function open(page: Page, path: string) {
  await page.goto(`${e2e.stack.web.url}${path}`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
}
const walletItem = (page: Page, name: string) => page.locator('w3m-modal .item', { hasText: name })
const balance = (page: Page) => page.locator('w3m-modal [data-testid=account-balance]')
const log = (page: Page, rdns = WALLET_A.rdns) =>
  page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.map((e: any) => `${e.method}:${e.outcome}:${e.prompt}`) as string[], rdns)

async function connect(page: Page, path = '/t/one.html') {
  await open(page, path)
  await walletItem(page, WALLET_A.name).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
}

test('behavior: connect with an injected wallet and see the balance the local chain holds', async () => {
  const { page, errors } = await e2e.newPage()
  await connect(page)
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), address)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:1:${address}`)
  await page.locator('appkit-button button', { hasText: '10000.000 ETH' }).waitFor()
  await page.locator('appkit-button button').click()
  await balance(page).filter({ hasText: '10000.000 ETH' }).waitFor()
  await page.locator('w3m-modal [data-testid=account-name]', { hasText: 'demo.postern' }).waitFor()
  assert.equal(errors, [])
})

test('behavior: two EIP-6963 wallets are listed once each', async () => {
  const { page } = await e2e.newPage()
  await open(page, '/t/two.html')
  await walletItem(page, WALLET_B.name).waitFor()
  assert.is(await walletItem(page, WALLET_A.name).count(), 1)
  assert.is(await walletItem(page, WALLET_B.name).count(), 1)
  assert.is(await page.locator('w3m-modal .item', { hasText: 'INSTALLED' }).count(), 2)
})

test('behavior: a rejected request (4001) shows declined; Try again connects', async () => {
  const { page } = await e2e.newPage()
  await open(page, '/t/one.html')
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('reject'), WALLET_A.rdns)
  await walletItem(page, WALLET_A.name).click()
  await page.locator('w3m-modal p.error', { hasText: 'Connection declined' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).setPolicy('approve'), WALLET_A.rdns)
  await page.locator('w3m-modal button', { hasText: 'Try again' }).click()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.equal((await log(page)).filter((l) => l.startsWith('eth_requestAccounts')), ['eth_requestAccounts:rejected:reject', 'eth_requestAccounts:ok:approve'])
})

test('behavior: switching 1 → 137 goes through the wallet and shows the new balance', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal [data-testid=account-network]').click()
  await walletItem(page, 'Polygon').click()
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:137:${address}`)
  await balance(page).filter({ hasText: '42.000 POL' }).waitFor()
  assert.ok((await log(page)).includes('wallet_switchEthereumChain:ok:approve'))
})

test('behavior: a chain the wallet lacks is added (4902 → wallet_addEthereumChain)', async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/op.html')
  await page.evaluate(() => (window as any).modal.switchNetwork((window as any).Postern.networks.optimism))
  await page.waitForFunction(() => (window as any).modal.getChainId() === 10)
  const entries = await log(page)
  assert.ok(entries.includes('wallet_switchEthereumChain:error:null'), entries.join())
  assert.ok(entries.includes('wallet_addEthereumChain:ok:approve'), entries.join())
  const added = await page.evaluate((r) => (window as any).PosternTestWallet.get(r).requests.find((e: any) => e.method === 'wallet_addEthereumChain').params[0], WALLET_A.rdns)
  assert.equal({ chainId: added.chainId, rpcUrls: added.rpcUrls, chainName: added.chainName, symbol: added.nativeCurrency.symbol }, { chainId: '0xa', rpcUrls: [optimism.rpcUrl], chainName: 'OP Mainnet', symbol: 'ETH' })
  assert.equal(added.blockExplorerUrls, ['https://optimistic.etherscan.io'])
})

test('behavior: the wallet moving to a chain the site lacks opens UnsupportedChain; choosing a network switches back', async () => {
  const { page } = await e2e.newPage()
  await connect(page, '/t/wallet-knows-10.html')
  await page.evaluate((r) => (window as any).PosternTestWallet.get(r).provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }), WALLET_A.rdns)
  await page.locator('w3m-modal h2', { hasText: 'Switch Network' }).waitFor()
  assert.is(await page.locator('appkit-network-button').count(), 0)
  await page.locator('w3m-modal button', { hasText: 'Choose network' }).click()
  await walletItem(page, 'Ethereum').click()
  await page.waitForFunction(() => (window as any).modal.getCaipAddress()?.startsWith('eip155:1:'))
  assert.is(await page.evaluate((r) => (window as any).PosternTestWallet.get(r).state.chainId, WALLET_A.rdns), 1)
})

test('behavior: reload reconnects without a prompt; disconnect returns to Connect and stays disconnected', async () => {
  const { page } = await e2e.newPage()
  await connect(page)
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  const afterReload = await log(page)
  assert.not.ok(afterReload.some((l) => l.startsWith('eth_requestAccounts')), afterReload.join())
  assert.ok(afterReload.includes('eth_accounts:ok:null'))
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: 'Disconnect' }).click()
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  assert.is(await page.locator('appkit-button button').textContent(), 'Connect Wallet')
  await page.reload()
  await page.locator('appkit-button button').waitFor()
  await page.waitForTimeout(300) // nothing to wait for: a reconnect must not happen
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  await page.locator('appkit-button button').click()
  assert.is(await page.locator('w3m-modal h2').textContent(), 'Connect Wallet')
})

test('behavior: corrupt stored values are ignored, never a crash', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/one.html`)
  await page.evaluate(() => {
    localStorage.setItem('@postern/recent_connector_id', '{not json')
    localStorage.setItem('@postern/connection_status', '42')
    localStorage.setItem('@postern/recent_wallets', '[{"id": 5}]')
    localStorage.setItem('@postern/disconnected', 'nope')
  })
  await page.reload()
  await connect(page)
  assert.equal(errors, [])
})

test('behavior: keyboard only: open, choose the wallet, connect', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/one.html`)
  await page.locator('appkit-button button').waitFor()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await dialog(page).waitFor()
  await walletItem(page, WALLET_A.name).waitFor()
  for (let i = 0; i < 10; i++) {
    const focused = await page.evaluate(() => {
      const el = document.querySelector('w3m-modal')!.shadowRoot!.activeElement
      return el?.classList.contains('item') ? el.textContent ?? '' : ''
    })
    if (focused.includes('Alpha Wallet')) break
    await page.keyboard.press('Tab')
  }
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
})

test.run()
