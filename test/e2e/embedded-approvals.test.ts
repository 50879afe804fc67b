// What the secure frame's approval says, on the real stack: a 32-byte personal_sign as hex under
// the warning, a batch's ERC-20 approve with its token, spender and "unlimited", a Permit with its
// domain. Each is the visitor's only defence against a signature that means something else.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { startE2E, type E2E } from './harness.ts'
import { embeddedPage, loginByEmail, secureFrame } from './embedded-page.ts'

const test = suite('e2e: embedded wallet approvals say what they sign')
let e2e: E2E
let page: Page
let address: `0x${string}`
const WARNING = 'This is not readable text. Sign it only if you trust this site: it can authorize transactions.'

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
/** The approval's rows as the visitor reads them: each <dt> with its <dd>. */
const shownRows = () => secureFrame(page).locator('section.approve dl').evaluate((dl) => {
  const out: [string, string][] = []
  for (const dt of dl.querySelectorAll('dt')) out.push([dt.textContent ?? '', (dt.nextElementSibling as HTMLElement | null)?.textContent ?? ''])
  return out
})
const reject = async (key: string) => {
  // Once Approve is enabled the frame has been still and in view for 500 ms: the modal has settled.
  await secureFrame(page).locator('[data-testid=w3m-frame-approve]:enabled').waitFor()
  await secureFrame(page).locator('[data-testid=w3m-frame-reject]').click()
  assert.is((await outcome(key)).error.code, 4001)
}

test.before(async () => {
  e2e = await startE2E()
  e2e.stack.web.setPage('/t/embedded.html', embeddedPage(e2e.stack, "defaultAccountTypes: { eip155: 'eoa' },"))
  ;({ page } = await e2e.newPage())
  address = await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/embedded.html`, 'approvals@example.com') as `0x${string}`
})
test.after(async () => {
  await e2e?.stop()
})

test('attack: personal_sign of 32 bytes (a userOp or order hash) shows the hex under the warning, not garbled text', async () => {
  const hash = `0x${'e3'.repeat(16)}${'41'.repeat(16)}`
  await start('hash', 'personal_sign', [hash, address])
  const frame = secureFrame(page)
  await frame.locator('[data-testid=w3m-frame-warning]').waitFor()
  assert.is(await frame.locator('[data-testid=w3m-frame-warning]').textContent(), WARNING)
  assert.is(await frame.locator('section.approve pre').textContent(), hash)
  await reject('hash')
  // Readable text stays text, with no warning.
  await start('text', 'personal_sign', ['0x68656c6c6f', address])
  await frame.locator('section.approve pre', { hasText: 'hello' }).waitFor()
  assert.is(await frame.locator('[data-testid=w3m-frame-warning]').count(), 0)
  await reject('text')
})

test('attack: a batch hiding an unlimited ERC-20 approve shows every call, the token, the spender and "unlimited"', async () => {
  const chain = e2e.stack.chains[0]!
  const spender = '0x000000000000000000000000000000000000bEEF'
  const approve = encodeFunctionData({ abi: parseAbi(['function approve(address, uint256)']), functionName: 'approve', args: [spender, maxUint256] })
  await start('batch', 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', from: address, atomicRequired: false,
    calls: [{ to: address, value: '0x1' }, { to: chain.token.address, data: approve }] }])
  const frame = secureFrame(page)
  await frame.locator('dt', { hasText: 'Call 2' }).waitFor()
  const rows = await shownRows()
  assert.ok(rows.some(([k, v]) => k === 'Call 1' && v === 'Send ETH'), JSON.stringify(rows))
  assert.ok(rows.some(([k, v]) => k === 'Call 2' && v === 'Approve unlimited spending'), JSON.stringify(rows))
  assert.ok(rows.some(([k, v]) => k === 'Token' && v.startsWith(`${chain.token.symbol} (`) && v.toLowerCase().includes(chain.token.address.toLowerCase())), JSON.stringify(rows))
  assert.ok(rows.some(([k, v]) => k === 'Spender' && v === spender), JSON.stringify(rows))
  assert.ok(rows.some(([k, v]) => k === 'Amount' && v === `unlimited ${chain.token.symbol}`), JSON.stringify(rows))
  await reject('batch')
})

test('attack: a Permit shows its domain (name, chain, verifying contract) under the permit warning', async () => {
  const chain = e2e.stack.chains[0]!
  const typed = {
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
      Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
    },
    primaryType: 'Permit',
    domain: { name: chain.token.name, version: '2', chainId: 1, verifyingContract: chain.token.address },
    message: { owner: address, spender: '0x000000000000000000000000000000000000bEEF', value: maxUint256.toString(), nonce: '0', deadline: '9999999999' },
  }
  await start('permit', 'eth_signTypedData_v4', [address, JSON.stringify(typed)])
  const frame = secureFrame(page)
  await frame.locator('dt', { hasText: 'Verifying contract' }).waitFor()
  const rows = Object.fromEntries(await shownRows())
  assert.is(rows['Domain'], chain.token.name)
  assert.is(rows['Domain chain'], 'eip155:1')
  assert.is(rows['Verifying contract'], chain.token.address)
  assert.is(rows['Amount'], `unlimited ${chain.token.symbol}`)
  assert.match(await frame.locator('[data-testid=w3m-frame-warning]').textContent() ?? '', /permit/)
  await reject('permit')
})

test.run()
