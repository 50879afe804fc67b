// Faults survived by send (issue 17, item 5): the chain's first RPC endpoint refused, the send
// view's reads (fee, gas, receipt) fall back to the second, as the balance reads do; the wallet
// signs on its own node. The amount is checked on chain.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseEther } from 'viem'
import { dialog, startE2E, type E2E } from './harness.ts'
import { WALLET_A } from './evm-page.ts'
import { sitePage } from './site-page.ts'
import { chainReaders, sendEvents, sendForm } from './send-page.ts'
import { injectedWalletInstallScript } from '../../dev/wallet/injected/index.ts'
import { demoAddresses } from '../../dev/chains/index.ts'
import type { FaultSwitch } from '../../dev/faults/index.ts'

const test = suite('e2e: faults — send through the second RPC endpoint')
let e2e: E2E
let rpc: FaultSwitch
const addresses = demoAddresses()
const { clientOn } = chainReaders(() => e2e)

test.before(async () => {
  e2e = await startE2E()
  const stack = e2e.stack
  rpc = stack.faults.get('rpc:eip155:1')
  const chains = Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl]))
  // Two endpoints for chain 1: the switch first, the node itself second. The wallet keeps its own node.
  stack.web.setPage('/t/send-fallback.html', sitePage(stack, {
    head: `<script>${injectedWalletInstallScript({ ...WALLET_A, chains, accountIndex: [3] })}</script>`,
    adapters: '[Postern.adapters.eip155()]',
    options: `features: { email: false, socials: false }, rpcUrls: { ...config.rpcUrls, 'eip155:1': ${JSON.stringify([stack.faults.config.rpcUrls['eip155:1'], stack.rpcUrls['eip155:1']])} },`,
  }))
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: the first endpoint refused: the fee shows, the send goes through and its receipt is read from the second endpoint', async () => {
  rpc.set('refuse')
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/send-fallback.html`)
  await page.evaluate(() => {
    ;(window as any).events = []
    ;(window as any).modal.subscribeEvents((e: any) => (window as any).events.push(e.data))
  })
  await page.locator('appkit-button button').click()
  await page.locator('w3m-modal .item', { hasText: WALLET_A.name }).click()
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())

  const form = sendForm(page)
  const client = clientOn(1)
  const to = addresses[7]!
  const before = await client.getBalance({ address: to })
  const tried = rpc.requests.length
  await page.evaluate(() => (window as any).modal.open({ view: 'WalletSend' }))
  await form.choose('native:ETH')
  await form.fee.filter({ hasText: /≈ 0\.\d+ ETH/ }).waitFor({ timeout: 30_000 })
  await form.amount.fill('0.5')
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await page.locator('w3m-modal .toast', { hasText: 'Transaction sent' }).waitFor({ timeout: 60_000 })
  assert.ok((await sendEvents(page)).some((e) => e.event === 'SEND_SUCCESS'), 'SEND_SUCCESS')
  assert.is((await client.getBalance({ address: to })) - before, parseEther('0.5'))
  // A refused connection never becomes a request: nothing of the send went through the first endpoint.
  assert.is(rpc.requests.length, tried, 'no request reached the first endpoint')
  assert.is(rpc.mode, 'refuse', 'which still refuses')
  // The browser logs each refused connection; anything else would be the page's own error.
  assert.equal(errors.filter((e) => !/^Failed to load resource: net::/.test(e)), [])
})

test.run()
