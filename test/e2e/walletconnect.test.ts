// WalletConnect end to end: the modal in Chromium, the Node sign-client wallet, the local relay,
// the reference API server and anvil. No mocks.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { dialog, startE2E, type E2E } from './harness.ts'
import { openModal, shownUri, statusLine, wcPage } from './walletconnect-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const test = suite('e2e: WalletConnect')
let e2e: E2E
let wallet: WcWallet
let page: Page
let errors: string[]

const WC_URI = /^wc:[0-9a-f]{64}@2\?/
const isConnected = (p: Page) => p.evaluate(() => (window as any).modal.getIsConnected() as boolean)
const balanceText = (p: Page) => p.locator('w3m-modal [data-testid=account-balance]')

test.before(async () => {
  e2e = await startE2E()
  const { stack } = e2e
  stack.web.setPage('/t/wc.html', wcPage(stack))
  stack.web.setPage('/t/wc-short.html', wcPage(stack, { options: 'walletConnectPairingTtl: 12000,' }))
  stack.web.setPage('/t/wc-adapters.html', wcPage(stack, { adapters: '[Postern.adapters.eip155()]' }))
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

test('behavior: the QR holds a valid wc: URI; the wallet pairs and approves; the modal shows the address and its local balance', async () => {
  ;({ page, errors } = await e2e.newPage())
  await page.goto(`${e2e.stack.web.url}/t/wc.html`)
  await openModal(page)
  assert.is(await page.locator('w3m-modal h2').textContent(), 'WalletConnect')
  const uri = await shownUri(page)
  assert.match(uri, WC_URI)
  const query = new URLSearchParams(uri.slice(uri.indexOf('?') + 1))
  assert.match(query.get('symKey') ?? '', /^[0-9a-f]{64}$/)
  assert.is(query.get('relay-protocol'), 'irn')
  assert.ok(Number(query.get('expiryTimestamp')) * 1000 > Date.now())
  assert.is(await page.locator('w3m-modal [data-wc-copy]').getAttribute('data-wc-copy'), uri)
  const qr = page.locator('w3m-modal svg[role=img]')
  assert.match((await qr.getAttribute('aria-label')) ?? '', 'QR code')
  assert.match(await statusLine(page).textContent() ?? '', 'Scan this QR code')

  await wallet.pair(uri)
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), wallet.address)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:1:${wallet.address}`)
  await page.locator('appkit-button button', { hasText: '10000.000 ETH' }).waitFor()
  await openModal(page)
  await balanceText(page).filter({ hasText: '10000.000 ETH' }).waitFor()
  assert.equal(errors, [])
})

test('behavior: personal_sign, eth_signTypedData_v4 and eth_sendTransaction go through the session', async () => {
  const request = (method: string, params: unknown[]) =>
    page.evaluate(([m, p]) => (window as any).modal.getWalletProvider().request({ method: m, params: p }), [method, params] as const)
  const asked = wallet.requests.length
  const signature = (await request('personal_sign', ['0x68656c6c6f', wallet.address])) as `0x${string}`
  assert.ok(await verifyMessage({ address: wallet.address, message: 'hello', signature }), 'the signature verifies')

  const typed = {
    domain: { name: 'Postern', version: '1', chainId: 1 },
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail' as const,
    message: { contents: 'hi' },
  }
  const typedSignature = (await request('eth_signTypedData_v4', [wallet.address, JSON.stringify({ ...typed, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], ...typed.types } })])) as `0x${string}`
  assert.ok(await verifyTypedData({ address: wallet.address, ...typed, signature: typedSignature }))

  const to = '0x000000000000000000000000000000000000dEaD'
  const chain = e2e.stack.chains.find((c) => c.chainId === 1)!
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const before = await client.getBalance({ address: to })
  const hash = (await request('eth_sendTransaction', [{ from: wallet.address, to, value: '0xde0b6b3a7640000' }])) as `0x${string}`
  assert.is((await client.waitForTransactionReceipt({ hash, timeout: 60_000 })).status, 'success')
  assert.is((await client.getBalance({ address: to })) - before, parseEther('1'))
  assert.equal(wallet.requests.slice(asked).map((r) => `${r.method}@${r.chainId}`), ['personal_sign@eip155:1', 'eth_signTypedData_v4@eip155:1', 'eth_sendTransaction@eip155:1'])
  assert.equal(errors, [])
})

test('behavior: switching network only sets it (no wallet request); requests then go to that chain', async () => {
  const asked = wallet.requests.length
  await openModal(page)
  await page.locator('w3m-modal [data-testid=account-network]').click()
  await page.locator('w3m-modal .item', { hasText: 'Polygon' }).click()
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:137:${wallet.address}`)
  await page.locator('appkit-button button', { hasText: 'POL' }).waitFor()
  assert.is(wallet.requests.length, asked, 'the wallet was not asked')
  const signature = await page.evaluate((a) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x6869', a] }), wallet.address)
  assert.ok(await verifyMessage({ address: wallet.address, message: 'hi', signature }))
  assert.is(wallet.requests.at(-1)!.chainId, 'eip155:137')
})

test('behavior: the wallet\'s chainChanged and accountsChanged events reach the state', async () => {
  const topic = wallet.sessions().at(-1)!
  await wallet.emit(topic, 'chainChanged', 1)
  await page.waitForFunction(() => (window as any).modal.getChainId() === 1)
  const other = '0x00000000000000000000000000000000000000A1'
  await wallet.emit(topic, 'accountsChanged', [other])
  await page.waitForFunction((a) => (window as any).modal.getAddress() === a, other)
  assert.is(await page.evaluate(() => (window as any).modal.getCaipAddress()), `eip155:1:${other}`)
  await wallet.emit(topic, 'accountsChanged', [wallet.address])
  await page.waitForFunction((a) => (window as any).modal.getAddress() === a, wallet.address)
})

test('behavior: reload restores the session without a QR', async () => {
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), wallet.address)
  assert.ok(scripts.includes('/dist/cdn/classic/loadWalletConnect.js'), 'the session came back through the WalletConnect chunk')
  assert.is(await page.evaluate(() => (window as any).modal.store.walletConnect.uri.value), undefined, 'no pairing URI was made')
  await openModal(page)
  assert.is(await page.locator('w3m-modal h2').textContent(), 'Account')
  await balanceText(page).filter({ hasText: /^\d+\.\d{3} ETH$/ }).waitFor()
  const signature = await page.evaluate((a) => (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x6f6b', a] }), wallet.address)
  assert.ok(await verifyMessage({ address: wallet.address, message: 'ok', signature }))
  page.removeAllListeners('request')
})

test('behavior: while the wallet is asked, the modal says it waits on the wallet', async () => {
  await page.locator('w3m-modal h2', { hasText: 'Account' }).waitFor()
  wallet.setPolicy('hang')
  await page.evaluate((a) => void (window as any).modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x77', a] }).catch(() => undefined), wallet.address)
  await page.locator('w3m-modal .toast', { hasText: 'Approve in Postern WalletConnect Test Wallet' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.store.walletConnect.pendingRequest.value), 'personal_sign')
  wallet.setPolicy('approve')
})

test('behavior: the wallet deleting the session disconnects the modal, and a reload stays disconnected', async () => {
  const topic = wallet.sessions().at(-1)!
  await wallet.deleteSession(topic)
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  await page.locator('appkit-button button', { hasText: 'Connect Wallet' }).waitFor()
  assert.is(await page.evaluate(() => localStorage.getItem('@postern/session_namespaces')), null)
  assert.is(await page.locator('w3m-modal .toast').count(), 0, 'the waiting toast went with the session')
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  await page.reload()
  await page.locator('appkit-button button', { hasText: 'Connect Wallet' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), false)
  assert.not.ok(scripts.includes('/dist/cdn/classic/loadWalletConnect.js'), 'nothing to restore: the chunk is not fetched')
  await openModal(page)
  assert.is(await page.locator('w3m-modal h2').textContent(), 'WalletConnect')
})

test('behavior: the wallet rejects → the retry state; Try again shows a new URI and connects', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/wc.html`)
  await openModal(page)
  const first = await shownUri(page)
  wallet.setPolicy('reject')
  await wallet.pair(first)
  await statusLine(page).filter({ hasText: 'Connection declined' }).waitFor()
  assert.is(await page.locator('w3m-modal [data-wc-status]').getAttribute('data-wc-status'), 'rejected')
  assert.is(await isConnected(page), false)
  wallet.setPolicy('approve')
  await page.locator('w3m-modal button', { hasText: 'Try again' }).click()
  const second = await shownUri(page, first)
  assert.match(second, WC_URI)
  await wallet.pair(second)
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.equal(errors, [])
})

test('behavior: a short pairing lifetime fetches a new URI by itself, and the new one pairs', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/wc-short.html`)
  await openModal(page)
  const first = await shownUri(page)
  const expiresIn = await page.evaluate(() => (window as any).modal.store.walletConnect.expiresAt.value - Date.now())
  assert.ok(expiresIn <= 12_000 && expiresIn > 10_000, `the lifetime option applies (${expiresIn} ms left)`)
  const second = await shownUri(page, first)
  assert.match(second, WC_URI)
  assert.is.not(second.slice(3, 67), first.slice(3, 67), 'a new pairing topic')
  assert.is(await page.locator('w3m-modal [data-wc-copy]').getAttribute('data-wc-copy'), second)
  await wallet.pair(second)
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
})

test('behavior: Disconnect in the modal deletes the session on the wallet too', async () => {
  const { page } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/wc.html`)
  await openModal(page)
  const before = new Set(wallet.sessions())
  await wallet.pair(await shownUri(page))
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  const topic = wallet.sessions().find((t) => !before.has(t))!
  assert.ok(topic)
  await openModal(page)
  await page.locator('w3m-modal .item', { hasText: 'Disconnect' }).click()
  await page.waitForFunction(() => !(window as any).modal.getIsConnected())
  const deadline = Date.now() + 60_000
  while (wallet.sessions().includes(topic) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  assert.not.ok(wallet.sessions().includes(topic), 'the wallet no longer has the session')
})

test('behavior: with adapters, Connect lists WalletConnect first; its chunk and relay socket wait for the click', async () => {
  const { page } = await e2e.newPage()
  const scripts: string[] = []
  const sockets: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  page.on('websocket', (ws) => sockets.push(ws.url()))
  await page.goto(`${e2e.stack.web.url}/t/wc-adapters.html`)
  await openModal(page)
  const first = page.locator('w3m-modal .list .item').first()
  await first.filter({ hasText: 'WalletConnect' }).waitFor()
  assert.match(await first.textContent() ?? '', 'QR CODE')
  await page.waitForLoadState('networkidle')
  assert.not.ok(scripts.includes('/dist/cdn/classic/loadWalletConnect.js'), scripts.join())
  assert.equal(sockets, [])
  await first.click()
  const uri = await shownUri(page)
  await page.locator('w3m-modal svg[role=img]').waitFor()
  assert.ok(scripts.includes('/dist/cdn/classic/loadWalletConnect.js'), scripts.join())
  assert.ok(sockets.some((u) => u.startsWith(e2e.stack.relay.url)), sockets.join())

  // Beside the EVM adapter the session drives the account; a reload restores it through WalletConnect.
  await wallet.pair(uri)
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  assert.is(await page.evaluate(() => (window as any).modal.getWalletProviderType()), 'WALLET_CONNECT')
  await page.locator('appkit-button button', { hasText: /\d\.\d{3} ETH/ }).waitFor() // read by the EVM adapter
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected() && (window as any).modal.getAccount().status === 'connected')
  assert.is(await page.evaluate(() => (window as any).modal.store.accounts.byNamespace.value.eip155.connectorId), 'walletConnect')
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), wallet.address)
})

test.run()
