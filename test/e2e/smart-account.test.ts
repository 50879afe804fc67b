// The embedded wallet's smart account on the real stack (EntryPoint v0.7, Alto bundler on anvil):
// an e-mail login gets it by default; a 0.01 ETH send and a wallet_sendCalls batch go through the
// bundler; personal_sign verifies before (ERC-6492) and after (ERC-1271) deployment; the Account
// view switches to the EOA and back, and the choice holds after a reload.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http, parseAbi, parseEther, type Hex } from 'viem'
import { verifyMessage } from 'viem/actions'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialog, startE2E, type E2E } from './harness.ts'
import { embeddedPage, loginByEmail, secureFrame } from './embedded-page.ts'

const test = suite('e2e: embedded smart account')
let e2e: E2E
let page: Page
let url: string
let smart: Hex
let eoa: Hex

const rpc = (method: string, params: unknown[]) =>
  fetch(e2e.stack.chains[0]!.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json())
const chain = () => createPublicClient({ transport: http(e2e.stack.chains[0]!.rpcUrl) })

/** Starts a provider call in the page; its outcome lands on window.__rpc[key]. */
const start = (key: string, method: string, params: unknown[]) => page.evaluate(([k, m, p]) => {
  const w = window as any
  w.__rpc ??= {}
  delete w.__rpc[k]
  w.modal.getWalletProvider().request({ method: m, params: p }).then(
    (result: unknown) => (w.__rpc[k] = { result }),
    (error: any) => (w.__rpc[k] = { error: { code: error?.code, message: error?.message } }),
  )
}, [key, method, params] as const)
const outcome = async (key: string, timeout = 60_000) => {
  await page.waitForFunction((k) => (window as any).__rpc?.[k], key, { timeout })
  return page.evaluate((k) => (window as any).__rpc[k], key)
}
const approve = () => secureFrame(page).locator('[data-testid=w3m-frame-approve]').click()
const account = () => page.evaluate(() => (window as any).modal.getAccount())

test.before(async () => {
  e2e = await startE2E({ ownStack: true })
  e2e.stack.web.setPage('/t/smart.html', embeddedPage(e2e.stack))
  url = `${e2e.stack.web.url}/t/smart.html`
  ;({ page } = await e2e.newPage())
  smart = await loginByEmail(page, e2e.browser, e2e.stack, url, 'smart@example.com') as Hex
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: an e-mail login on eip155 gets a smart account by default, owned by the EOA, not yet deployed', async () => {
  const { allAccounts } = await account()
  const types = Object.fromEntries(allAccounts.map((a: { address: string; type: string }) => [a.type, a.address]))
  assert.is(types.smartAccount, smart)
  eoa = types.eoa
  assert.ok(eoa && eoa !== smart)
  assert.is(await page.evaluate(() => (window as any).modal.getPreferredAccountType('eip155')), 'smartAccount')
  // The counterfactual address is the factory's for this owner.
  const factoryAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])
  assert.is(await chain().readContract({ address: e2e.stack.aa.factory, abi: factoryAbi, functionName: 'getAddress', args: [eoa, 0n] }), smart)
  assert.is(await chain().getCode({ address: smart }), undefined)
  await start('accounts', 'eth_accounts', [])
  assert.equal(await outcome('accounts'), { result: [smart] })
  await start('caps', 'wallet_getCapabilities', [smart])
  const caps = (await outcome('caps')).result
  assert.equal(caps['0x1'], { atomic: { status: 'supported' } })
  assert.equal(caps['0x89'], { atomic: { status: 'supported' } })
})

test('behavior: personal_sign before deployment verifies through ERC-6492 with viem', async () => {
  await start('sign1', 'personal_sign', ['0x68656c6c6f20736d617274', smart])
  await secureFrame(page).locator('pre', { hasText: 'hello smart' }).waitFor()
  await approve()
  const { result } = await outcome('sign1')
  assert.ok(await verifyMessage(chain(), { address: smart, message: 'hello smart', signature: result }))
  assert.not.ok(await verifyMessage(chain(), { address: smart, message: 'hello other', signature: result }))
})

test('behavior: a 0.01 ETH eth_sendTransaction goes through the bundler and deploys the account; the receiver holds exactly 0.01 ETH', async () => {
  await rpc('anvil_setBalance', [smart, '0xDE0B6B3A7640000']) // 1 ETH for value and gas
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await start('send', 'eth_sendTransaction', [{ from: smart, to: receiver, value: '0x2386f26fc10000' }])
  await secureFrame(page).locator('dd', { hasText: '0.01 ETH' }).waitFor()
  await approve()
  const { result: hash, error } = await outcome('send')
  assert.is(error, undefined)
  const receipt = await chain().getTransactionReceipt({ hash })
  assert.is(receipt.status, 'success')
  // Sent by the bundler's executor to the EntryPoint, not by the user's EOA.
  assert.is(receipt.to?.toLowerCase(), e2e.stack.aa.entryPoint.toLowerCase())
  assert.is(await chain().getBalance({ address: receiver }), parseEther('0.01'))
  assert.ok(((await chain().getCode({ address: smart })) ?? '0x').length > 2)
})

test('behavior: personal_sign after deployment verifies through ERC-1271 with viem', async () => {
  await start('sign2', 'personal_sign', ['0x6465706c6f796564', smart])
  await secureFrame(page).locator('pre', { hasText: 'deployed' }).waitFor()
  await approve()
  const { result } = await outcome('sign2')
  assert.ok(await verifyMessage(chain(), { address: smart, message: 'deployed', signature: result }))
})

test('behavior: wallet_sendCalls puts two calls in one user operation; wallet_getCallsStatus reports it confirmed', async () => {
  const [a, b] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
  await start('calls', 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', from: smart, atomicRequired: true, calls: [{ to: a, value: '0x2386f26fc10000' }, { to: b, value: '0x470de4df820000' }] }])
  await secureFrame(page).locator('dt', { hasText: 'Call 2' }).waitFor()
  const feeShown = await secureFrame(page).locator('dt', { hasText: 'Max network fee' }).locator('xpath=following-sibling::dd[1]').textContent()
  await approve()
  const { result } = await outcome('calls')
  assert.match(result.id, /^0x[0-9a-f]{64}$/)
  let status: any
  for (let i = 0; i < 120; i++) {
    await start('status', 'wallet_getCallsStatus', [result.id])
    status = (await outcome('status')).result
    if (status.status !== 100) break
    await page.waitForTimeout(250)
  }
  assert.is(status.status, 200)
  assert.is(status.atomic, true)
  assert.is(status.chainId, '0x1')
  assert.is(status.receipts.length, 1)
  // The fee shown is the most the operation the bundler received can cost: its gas limits × maxFeePerGas.
  await start('op', 'eth_getUserOperationByHash', [result.id])
  const op = (await outcome('op')).result.userOperation
  const gas = ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'paymasterVerificationGasLimit', 'paymasterPostOpGasLimit'].reduce((sum, k) => sum + BigInt(op[k] ?? 0), 0n)
  assert.is(feeShown?.trim(), `${formatEther(gas * BigInt(op.maxFeePerGas))} ETH`)
  // Both transfers in that one transaction.
  assert.is(await chain().getBalance({ address: a }), parseEther('0.01'))
  assert.is(await chain().getBalance({ address: b }), parseEther('0.02'))
  const receipt = await chain().getTransactionReceipt({ hash: status.receipts[0].transactionHash })
  assert.is(receipt.status, 'success')
})

async function openAccountView() {
  await page.locator('appkit-button button').click()
  await dialog(page).waitFor()
}

test('behavior: the Account view switches to the EOA and back, and each choice holds after a reload', async () => {
  await openAccountView()
  const toggle = page.locator('w3m-modal [data-testid=account-toggle-preferred-account-type]')
  await toggle.waitFor()
  assert.match(await toggle.textContent() ?? '', /Switch to your EOA/)
  assert.match(await page.locator('w3m-modal [data-testid=account-type]').textContent() ?? '', /Smart Account/)
  await toggle.click()
  await page.waitForFunction((a) => (window as any).modal.getAddress() === a, eoa)
  await toggle.filter({ hasText: 'Switch to your Smart Account' }).waitFor()
  assert.is(await page.evaluate(() => (window as any).modal.getPreferredAccountType('eip155')), 'eoa')
  await start('eoa-accounts', 'eth_accounts', [])
  assert.equal(await outcome('eoa-accounts'), { result: [eoa] })

  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected(), undefined, { timeout: 30_000 })
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), eoa)

  await openAccountView()
  await toggle.filter({ hasText: 'Switch to your Smart Account' }).click()
  await page.waitForFunction((a) => (window as any).modal.getAddress() === a, smart)
  await page.reload()
  await page.waitForFunction(() => (window as any).modal.getIsConnected(), undefined, { timeout: 30_000 })
  assert.is(await page.evaluate(() => (window as any).modal.getAddress()), smart)
  assert.is(await page.evaluate(() => (window as any).modal.getPreferredAccountType('eip155')), 'smartAccount')
})

test('behavior: with the bundler down a send fails with a clear error and nothing leaves the account', async () => {
  await e2e.stack.aa.stop()
  const before = await chain().getBalance({ address: smart })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await start('down', 'eth_sendTransaction', [{ from: smart, to: receiver, value: '0x2386f26fc10000' }])
  // The user operation is prepared (its fee shown) before the approval: with no bundler there is nothing to approve.
  assert.equal((await outcome('down')).error, { code: -32603, message: 'The bundler is unreachable; nothing was sent. Try again shortly.' })
  assert.is(await secureFrame(page).locator('[data-testid=w3m-frame-approve]').count(), 0)
  assert.is(await chain().getBalance({ address: smart }), before)
  assert.is(await chain().getBalance({ address: receiver }), 0n)
})

test.run()
