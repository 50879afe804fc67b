// AppKit 1.8's WalletConnect options end to end: universalProviderConfigOverride as the wallet
// sees it in the session proposal (the Node sign-client wallet, the local relay), and
// experimental_preferUniversalLinks on a phone (the wallet's universal link opens it).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Route } from 'playwright-core'
import { dialog, startE2E, type E2E } from './harness.ts'
import { openModal, shownUri, wcPage } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const test = suite('e2e: WalletConnect options (universalProviderConfigOverride, experimental_preferUniversalLinks)')
let e2e: E2E
let wallet: WcWallet
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const OVERRIDE_RPC = 'https://polygon-override.example/rpc'

test.before(async () => {
  e2e = await startE2E()
  const { stack } = e2e
  stack.web.setPage('/t/override.html', wcPage(stack, {
    options: `universalProviderConfigOverride: {
      methods: { eip155: ['personal_sign', 'eth_sendTransaction'] },
      events: { eip155: ['chainChanged'] },
      rpcMap: { 'eip155:137': '${OVERRIDE_RPC}' },
      defaultChain: 'eip155:137',
    },`,
  }))
  stack.web.setPage('/t/universal.html', wcPage(stack, { options: 'experimental_preferUniversalLinks: true,' }))
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

test('behavior: the wallet is asked for the override\'s methods and events; reads go to its rpcMap; the session starts on its defaultChain', async () => {
  const { page, context, errors } = await e2e.newPage()
  // The override's RPC, answered here: the universal provider sends the session's reads to it.
  const reads: string[] = []
  await context.route(OVERRIDE_RPC, async (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { id: number; method: string }
    reads.push(body.method)
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0x2a' }) })
  })
  await page.goto(`${e2e.stack.web.url}/t/override.html`)
  await openModal(page)
  const uri = await shownUri(page)
  await wallet.pair(uri)
  const proposal = await wallet.waitForProposal(15_000)
  const eip155 = proposal.params.optionalNamespaces.eip155!
  assert.equal(eip155.methods, ['personal_sign', 'eth_sendTransaction'])
  assert.equal(eip155.events, ['chainChanged'])
  assert.equal(eip155.chains, ['eip155:1', 'eip155:137'], 'the site\'s networks, unchanged')

  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:137:${wallet.address}`)
  assert.is(await page.evaluate(() => (window as any).modal.getChainId()), 137)
  // Requests go to the default chain the override named.
  const asked = wallet.requests.length
  await page.evaluate((a) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x6869', a] }), wallet.address)
  assert.is(wallet.requests.slice(asked)[0]!.chainId, 'eip155:137')
  // A read is no wallet request: it goes to the override's RPC for the chain.
  assert.is(await page.evaluate(() => (window as any).modal.getWalletProvider().request({ method: 'eth_blockNumber' })), '0x2a')
  assert.ok(reads.includes('eth_blockNumber'), reads.join(', '))
  assert.is(wallet.requests.length, asked + 1, 'the wallet was not asked')
  assert.equal(errors, [])
})

test('behavior: with experimental_preferUniversalLinks a phone opens the wallet by its universal link, the URI encoded once', async () => {
  const context = await e2e.browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, hasTouch: true })
  try {
    const page = await context.newPage()
    const base = `${e2e.stack.web.url}/wallet-links`
    const seen: string[] = []
    await context.route(`${base}/**`, (route: Route) => {
      seen.push(route.request().url())
      return route.fulfill({ status: 204 })
    })
    await page.goto(`${e2e.stack.web.url}/t/universal.html`)
    const localWallet = { id: 'local-wallet', name: 'Local Wallet', mobile_link: 'localwallet://', link_mode: `${base}/universal` }
    await page.evaluate((w) => (window as any).modal.open({ view: 'ConnectingWalletConnect', data: { walletId: w.id, name: w.name, wallet: w } }), localWallet)
    const deadline = Date.now() + 60_000
    while (!seen.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
    assert.ok(seen.length, 'the universal link was opened')
    const link = new URL(seen[0]!)
    assert.is(link.pathname, '/wallet-links/universal/wc')
    const uri = link.searchParams.get('uri')!
    assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)
    assert.ok(link.search.includes(encodeURIComponent(uri)))
    assert.is(await page.evaluate(() => (window as any).modal.store.walletConnect.uri.value), uri)
    // The stored link that brings the wallet forward later is its native one, as AppKit's.
    assert.equal(await page.evaluate(() => (window as any).modal.store.walletConnect.linking.value), { name: 'Local Wallet', href: 'localwallet://' })
  } finally {
    await context.close()
  }
})

test.run()
