// The embedded wallet's RPC from the page's provider: reads answered, personal_sign and a 0.01 ETH
// transfer approved by clicking inside the secure frame, reject → 4001, other methods refused.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialog, startE2E, type E2E } from './harness.ts'
import { embeddedPage, loginByEmail, secureFrame } from './embedded-page.ts'

const test = suite('e2e: embedded wallet RPC and approvals')
let e2e: E2E
let page: Page
let address: `0x${string}`

const rpc = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json())

/** Starts a provider call in the page without awaiting it; its outcome lands on window.__rpc[key]. */
const start = (key: string, method: string, params: unknown[]) => page.evaluate(([k, m, p]) => {
  const w = window as any
  w.__rpc ??= {}
  w.modal.getWalletProvider().request({ method: m, params: p }).then(
    (result: unknown) => (w.__rpc[k] = { result }),
    (error: any) => (w.__rpc[k] = { error: { code: error?.code, message: error?.message } }),
  )
}, [key, method, params] as const)
const outcome = async (key: string) => {
  await page.waitForFunction((k) => (window as any).__rpc?.[k], key, { timeout: 30_000 })
  return page.evaluate((k) => (window as any).__rpc[k], key)
}
const frameVisible = () => page.locator('iframe#w3m-iframe').evaluate((el) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).opacity !== '0')

test.before(async () => {
  e2e = await startE2E()
  // The EOA's RPC: eip155's default account type is the smart account (test/e2e/smart-account.test.ts).
  e2e.stack.web.setPage('/t/embedded.html', embeddedPage(e2e.stack, "defaultAccountTypes: { eip155: 'eoa' },"))
  ;({ page } = await e2e.newPage())
  address = await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/embedded.html`, 'rpc@example.com') as `0x${string}`
  await rpc(e2e.stack.chains[0]!.rpcUrl, 'anvil_setBalance', [address, '0xDE0B6B3A7640000']) // 1 ETH
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: reads need no approval and come from the chain', async () => {
  await start('chain', 'eth_chainId', [])
  assert.equal(await outcome('chain'), { result: '0x1' })
  await start('balance', 'eth_getBalance', [address, 'latest'])
  assert.equal(await outcome('balance'), { result: '0xde0b6b3a7640000' })
  assert.is(await frameVisible(), false)
})

test('behavior: personal_sign is approved inside the frame and the signature verifies', async () => {
  await start('sign', 'personal_sign', ['0x68656c6c6f20706f737465726e', address])
  const frame = secureFrame(page)
  await frame.locator('pre', { hasText: 'hello postern' }).waitFor()
  assert.is(await frameVisible(), true)
  // The modal shows ApproveTransaction under the frame, and Escape does not close it.
  const approveView = page.locator('w3m-modal [data-testid=w3m-approve-transaction]')
  await approveView.waitFor()
  await page.keyboard.press('Escape')
  await page.waitForTimeout(200)
  assert.ok(await approveView.isVisible())
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  await dialog(page).waitFor({ state: 'detached' })
  const { result } = await outcome('sign')
  assert.ok(await verifyMessage({ address, message: 'hello postern', signature: result }))
  await page.waitForFunction(() => document.getElementById('w3m-iframe')!.getBoundingClientRect().width === 0)
})

test('behavior: a 0.01 ETH eth_sendTransaction approved in the frame leaves the receiver with exactly 0.01 ETH', async () => {
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await start('send', 'eth_sendTransaction', [{ from: address, to: receiver, value: '0x2386f26fc10000' }])
  const frame = secureFrame(page)
  await frame.locator('dd', { hasText: '0.01 ETH' }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  const { result: hash } = await outcome('send')
  const client = createPublicClient({ transport: http(e2e.stack.chains[0]!.rpcUrl) })
  const receipt = await client.waitForTransactionReceipt({ hash })
  assert.is(receipt.status, 'success')
  assert.is(await client.getBalance({ address: receiver }), parseEther('0.01'))
})

test('behavior: reject in the frame → 4001; a method outside the lists → Requested RPC call is not allowed', async () => {
  await start('rejected', 'personal_sign', ['0x6e6f', address])
  await secureFrame(page).locator('[data-testid=w3m-frame-reject]').click()
  assert.equal(await outcome('rejected'), { error: { code: 4001, message: 'User rejected the request.' } })
  await start('eth_sign', 'eth_sign', [address, '0x00'])
  assert.equal((await outcome('eth_sign')).error.message, 'Requested RPC call is not allowed')
})

test('behavior: eth_signTypedData_v4 shows the message in the frame and the signature verifies', async () => {
  const typed = {
    domain: { name: 'Postern', version: '1', chainId: 1 },
    types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message: { contents: 'typed hello' },
  }
  await start('typed', 'eth_signTypedData_v4', [address, JSON.stringify(typed)])
  const frame = secureFrame(page)
  await frame.locator('pre', { hasText: 'typed hello' }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  const { result } = await outcome('typed')
  const { EIP712Domain: _, ...types } = typed.types
  assert.ok(await verifyTypedData({ address, domain: typed.domain, types, primaryType: 'Mail', message: typed.message, signature: result }))
})

test('behavior: wallet_sendCalls lists its calls in the frame and sends each once approved', async () => {
  const to = privateKeyToAccount(generatePrivateKey()).address
  await start('calls', 'wallet_sendCalls', [{ calls: [{ to, value: '0x1' }, { to, value: '0x2' }] }])
  const frame = secureFrame(page)
  await frame.locator('dt', { hasText: 'Call 2' }).waitFor()
  await frame.locator('[data-testid=w3m-frame-approve]').click()
  assert.match((await outcome('calls')).result.id, /^0x[0-9a-f]{64}$/)
  const client = createPublicClient({ transport: http(e2e.stack.chains[0]!.rpcUrl) })
  await page.waitForTimeout(300)
  assert.is(await client.getBalance({ address: to }), 3n)
})

test('behavior: switching the network moves the frame to that chain', async () => {
  await page.evaluate(() => (window as any).modal.switchNetwork((window as any).Postern.networks.polygon))
  await page.waitForFunction(() => (window as any).modal.getChainId() === 137)
  await start('chain137', 'eth_chainId', [])
  assert.equal(await outcome('chain137'), { result: '0x89' })
})

test.run()
