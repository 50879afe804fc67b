// Send through a WalletConnect session (no injected wallet): the Node sign-client wallet signs
// what the modal's Send view asks, over the local relay, on anvil.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, parseEther } from 'viem'
import { dialog, startE2E, type E2E } from './harness.ts'
import { openModal, shownUri, wcPage } from './walletconnect-page.ts'
import { sendForm } from './send-page.ts'
import { createWalletConnectWallet, type WcWallet } from '../../dev/wallet/walletconnect/index.ts'

const test = suite('e2e: send over WalletConnect')
let e2e: E2E
let wallet: WcWallet

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/wc-send.html', wcPage(e2e.stack, { adapters: '[Postern.adapters.eip155()]' }))
  wallet = await createWalletConnectWallet({
    relayUrl: e2e.stack.relay.url,
    projectId: e2e.stack.config.projectId,
    rpcUrls: Object.fromEntries(e2e.stack.chains.map((c) => [c.chainId, c.rpcUrl])),
  })
})
test.after(async () => {
  await wallet?.stop()
  await e2e?.stop()
})

test('behavior: a native send from the Account view is signed by the WalletConnect wallet and moves exactly the amount', async () => {
  const { page, errors } = await e2e.newPage()
  await page.goto(`${e2e.stack.web.url}/t/wc-send.html`)
  await openModal(page)
  await page.locator('w3m-modal .item', { hasText: 'WalletConnect' }).first().click()
  await wallet.pair(await shownUri(page))
  await dialog(page).waitFor({ state: 'detached' })
  await page.waitForFunction(() => (window as any).modal.getIsConnected())
  const to = '0x000000000000000000000000000000000000bEEF'
  const chain = e2e.stack.chains.find((c) => c.chainId === 1)!
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const before = await client.getBalance({ address: to })
  const asked = wallet.requests.length

  await openModal(page)
  const form = sendForm(page)
  await form.modal.locator('[data-testid=feature-send]').click()
  await form.choose('native:ETH')
  await form.amount.fill('0.75')
  await form.receiver.fill(to)
  await form.submit.filter({ hasText: 'Preview Send' }).click()
  await form.confirm.click()
  await form.modal.locator('[data-testid=account-name]').waitFor({ timeout: 20_000 })
  assert.is((await client.getBalance({ address: to })) - before, parseEther('0.75'))
  assert.equal(wallet.requests.slice(asked).map((r) => `${r.method}@${r.chainId}`), ['eth_sendTransaction@eip155:1'])
  assert.equal(errors, [])
})

test.run()
