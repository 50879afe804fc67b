// postern/wagmi with a WalletConnect session made in the modal (the Node sign-client wallet, the
// local relay, anvil): wagmi's getAccount reports it, wagmi's sendTransaction goes to the wallet
// over the session, wagmi's switchChain moves the modal, and the wallet ending the session
// disconnects wagmi too.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { dialog, startE2E, type E2E } from './harness.ts'
import { bundleSite } from './wagmi-page.ts'
import { shownUri } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'
import { demoAddresses } from '../../dev/chains/index.ts'

const test = suite('e2e: postern/wagmi over WalletConnect')
let e2e: E2E
let wallet: WcWallet
const to = demoAddresses()[1]!

const rpc = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json() as Promise<{ result: string }>)

test.before(async () => {
  e2e = await startE2E()
  const { web, stack } = { web: e2e.stack.web, stack: e2e.stack }
  web.setPage('/t/wagmi-site.js', await bundleSite('test/e2e/wagmi-site.ts'))
  web.setPage('/t/wagmi-wc.html', `<!doctype html><html><head><meta charset="utf-8"><title>wagmi wc</title><link rel="icon" href="data:,">
<script src="/demo-config.js"></script></head><body><appkit-button></appkit-button><script src="/t/wagmi-site.js"></script></body></html>`)
  wallet = await createWalletConnectWallet({
    relayUrl: stack.relay.url,
    projectId: stack.config.projectId,
    rpcUrls: Object.fromEntries(stack.chains.map((c) => [c.chainId, c.rpcUrl])),
  })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

test('behavior: a WalletConnect session made in the modal is wagmi\'s: getAccount, sendTransaction, switchChain, the session\'s end', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/wagmi-wc.html`)
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
  assert.is(await page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).count(), 1, 'one WalletConnect entry, the modal\'s')
  await page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).click()
  await wallet.pair(await shownUri(page))
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  await page.waitForFunction(() => (window as any).wagmi.getAccount((window as any).wagmiConfig).status === 'connected')
  const account = await page.evaluate(() => {
    const a = (window as any).wagmi.getAccount((window as any).wagmiConfig)
    return { address: a.address, chainId: a.chainId, connector: a.connector.id }
  })
  assert.equal(account, { address: wallet.address, chainId: 1, connector: 'walletConnect' })

  const chain1 = e2e.stack.chains.find((c) => c.chainId === 1)!
  const before = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [to, 'latest'])).result)
  const hash = await page.evaluate(async (target) => {
    const { wagmi, wagmiConfig } = window as any
    const hash = await wagmi.sendTransaction(wagmiConfig, { to: target, value: 7654321n })
    await wagmi.waitForTransactionReceipt(wagmiConfig, { hash })
    return hash as string
  }, to)
  assert.match(hash, /^0x[0-9a-f]{64}$/)
  const after = BigInt((await rpc(chain1.rpcUrl, 'eth_getBalance', [to, 'latest'])).result)
  assert.is(after - before, 7654321n)
  assert.ok(wallet.requests.some((r) => r.method === 'eth_sendTransaction' && r.chainId === 'eip155:1'), JSON.stringify(wallet.requests.map((r) => r.method)))

  await page.evaluate(() => (window as any).wagmi.switchChain((window as any).wagmiConfig, { chainId: 137 }))
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  await page.waitForFunction(() => (window as any).wagmi.getAccount((window as any).wagmiConfig).chainId === 137)

  await wallet.deleteSession(wallet.sessions()[0]!)
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  await page.waitForFunction(() => (window as any).wagmi.getAccount((window as any).wagmiConfig).status === 'disconnected')
  assert.equal(errors, [])
})

test.run()
