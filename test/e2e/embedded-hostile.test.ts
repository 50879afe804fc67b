// Hostile messages against the embedded wallet: forged replies and forged frame events from the top
// page and from a third-origin frame, and forged requests to the secure frame from that third
// frame, change nothing and throw nothing; the real approval still goes through.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Frame, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { startE2E, type E2E } from './harness.ts'
import { embeddedPage, loginByEmail, secureFrame } from './embedded-page.ts'
import { startStaticServer, type StaticServer } from '../../dev/static/server.ts'
import { tmpdir } from 'node:os'

const test = suite('e2e: embedded wallet against hostile messages')
let e2e: E2E
// The embedded account is a smart account by default (an ERC-6492 signature until deployed): verified on the chain.
const verifyMessage = (args: { address: `0x${string}`; message: string; signature: `0x${string}` }) =>
  createPublicClient({ transport: http(e2e.stack.chains[0]!.rpcUrl) }).verifyMessage(args)
let third: StaticServer
let page: Page
let errors: string[]
let address: `0x${string}`

const forgeries = (ids: string[]) => [
  ...ids.flatMap((id) => [
    { id, type: '@w3m-frame/RPC_REQUEST_SUCCESS', payload: '0xforged' },
    { id, type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'forged', code: 4001 } },
  ]),
  { type: '@w3m-frame/HIDE' },
  { type: '@w3m-frame/READY' },
  { type: 'not a frame message', payload: { html: '<img src=x onerror=alert(1)>' } },
  'a plain string',
]

test.before(async () => {
  e2e = await startE2E()
  third = await startStaticServer({ mounts: { '/': tmpdir() } })
  third.setPage('/hostile.html', '<!doctype html><title>hostile</title><p>another origin</p>')
  e2e.stack.web.setPage('/t/embedded.html', embeddedPage(e2e.stack))
  ;({ page, errors } = await e2e.newPage())
  address = await loginByEmail(page, e2e.browser, e2e.stack, `${e2e.stack.web.url}/t/embedded.html`, 'eve-target@example.com') as `0x${string}`
})
test.after(async () => {
  await third?.stop()
  await e2e?.stop()
})

const frameVisible = () => page.locator('iframe#w3m-iframe').evaluate((el) => el.getBoundingClientRect().width > 0)

test('behavior: forged replies and events from the top page and a third-origin frame change nothing; the approval in the frame still decides', async () => {
  await page.evaluate(() => {
    const w = window as any
    w.modal.getWalletProvider().request({ method: 'personal_sign', params: ['0x7265616c', w.modal.getAddress()] }).then(
      (result: string) => (w.__outcome = { result }), (error: any) => (w.__outcome = { error: error?.message ?? String(error) }))
  })
  const frame = secureFrame(page)
  await frame.locator('pre', { hasText: 'real' }).waitFor()

  // The top page: every reply id it could guess, and the frame's own events.
  const guesses = Array.from({ length: 20 }, () => crypto.randomUUID())
  await page.evaluate((list) => list.forEach((m) => window.postMessage(m, '*')), forgeries(guesses))

  // A frame on a third origin: forged replies and events to the page, forged requests to the secure frame.
  await page.evaluate((src) => new Promise((resolve) => {
    const f = document.createElement('iframe')
    f.src = src
    f.onload = resolve
    document.body.append(f)
  }), `${third.url}/hostile.html`)
  const hostile = page.frames().find((f) => f.url().startsWith(third.url)) as Frame
  await hostile.evaluate((list) => {
    list.forEach((m) => parent.postMessage(m, '*'))
    const secure = parent.frames[0]!
    secure.postMessage({ id: crypto.randomUUID(), type: '@w3m-app/SIGN_OUT' }, '*')
    secure.postMessage({ id: crypto.randomUUID(), type: '@w3m-app/RPC_REQUEST', payload: { method: 'eth_sendTransaction', params: [{ to: '0x' + '1'.repeat(40), value: '0x1' }] } }, '*')
    secure.postMessage({ id: crypto.randomUUID(), type: '@w3m-app/CONNECT_OTP', payload: { otp: '000000' } }, '*')
  }, forgeries(guesses))

  await page.waitForTimeout(1000)
  assert.is(await page.evaluate(() => (window as any).__outcome), undefined, 'the request still waits for the user')
  assert.is(await frameVisible(), true, 'the approval is still shown')
  assert.is(await frame.locator('section.approve').count(), 1, 'no request of the third frame reached an approval')
  assert.is(await page.evaluate(() => (window as any).modal.getIsConnected()), true)

  await frame.locator('[data-testid=w3m-frame-approve]').click()
  await page.waitForFunction(() => (window as any).__outcome)
  const { result } = await page.evaluate(() => (window as any).__outcome)
  assert.ok(await verifyMessage({ address, message: 'real', signature: result }))
  // Still logged in inside the frame: the third frame's SIGN_OUT was ignored.
  assert.equal(await page.evaluate(() => (window as any).modal.getWalletProvider().request({ method: 'eth_accounts' })), [address])
  assert.equal(errors, [])
})

test.run()
