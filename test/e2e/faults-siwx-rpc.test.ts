// Faults survived (issue 17, item 5): the chain's first RPC endpoint refused while the embedded
// wallet's smart account signs in with DefaultSIWX. The frame is handed the first endpoint that
// answers, and the signature (ERC-6492, the account not yet deployed) verifies on chain through
// the second endpoint: with the first endpoint only it could not verify and the sign-in would fail.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Stack } from '../../dev/stack.ts'
import { dialog, startE2E, type E2E } from './harness.ts'
import { approveDeviceFromInbox, codeFromInbox, deviceView, mailCount, otpInput, secureFrame, submitEmail } from './embedded-page.ts'
import type { FaultSwitch } from '../../dev/faults/index.ts'

const test = suite('e2e: faults — SIWX with a smart account through the second RPC endpoint')
let e2e: E2E
let rpc: FaultSwitch

/** The ESM build (DefaultSIWX is in postern/siwx), e-mail login, chain 1's endpoints: the switch first, the node second. */
function page(stack: Stack): string {
  const rpcUrls = { ...stack.config.rpcUrls, 'eip155:1': [stack.faults.config.rpcUrls['eip155:1'], stack.rpcUrls['eip155:1']] }
  return `<!doctype html><html><head><meta charset="utf-8"><title>siwx smart</title><link rel="icon" href="data:,"></head><body>
<appkit-button></appkit-button>
<script type="module">
  import { createAppKit } from '/dist/esm/index.js'
  import * as N from '/dist/esm/networks.js'
  import { eip155 } from '/dist/esm/adapters.js'
  import * as S from '/dist/esm/siwx.js'
  const config = ${JSON.stringify(stack.config)}
  window.events = []
  window.modal = createAppKit({
    projectId: config.projectId,
    networks: [N.mainnet, N.polygon],
    adapters: [eip155()],
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.blockchainApiUrl,
    relayUrl: config.relayUrl,
    secureSiteUrl: config.secureSiteUrl,
    rpcUrls: ${JSON.stringify(rpcUrls)},
    metadata: { name: 'SIWX Smart', description: 'd', url: location.origin, icons: [] },
    siwx: new S.DefaultSIWX(),
  })
  window.modal.subscribeEvents((e) => window.events.push(e.data))
</script></body></html>`
}

test.before(async () => {
  e2e = await startE2E()
  rpc = e2e.stack.faults.get('rpc:eip155:1')
  e2e.stack.web.setPage('/t/siwx-smart.html', page(e2e.stack))
})
test.after(async () => {
  await e2e?.stop()
})

test('behavior: the first endpoint refused: e-mail login, the smart account signs in (ERC-6492 verified on chain), no request reached the first endpoint', async () => {
  rpc.set('refuse')
  const email = 'siwx-smart@example.com'
  const { page: p, errors } = await e2e.newPage()
  await p.goto(`${e2e.stack.web.url}/t/siwx-smart.html`)
  await p.locator('appkit-button button').click()
  await dialog(p).waitFor()
  let before = mailCount(e2e.stack, email)
  await submitEmail(p, email)
  await otpInput(p).or(deviceView(p)).first().waitFor({ timeout: 30_000 })
  if (await deviceView(p).isVisible()) {
    before = await approveDeviceFromInbox(e2e.browser, e2e.stack, email, before)
    await otpInput(p).waitFor()
  }
  await otpInput(p).fill(await codeFromInbox(e2e.browser, e2e.stack, email, before))

  // Connected on the smart account; no session yet: the sign view.
  await p.locator('w3m-modal [data-testid=siwx-sign-message]').waitFor({ timeout: 60_000 })
  assert.is(await p.evaluate(() => (window as any).modal.getPreferredAccountType('eip155')), 'smartAccount')
  const address = await p.evaluate(() => (window as any).modal.getAddress() as string)
  await p.locator('w3m-modal [data-testid=w3m-connecting-siwe-sign]').click()
  await secureFrame(p).locator('[data-testid=w3m-frame-approve]').click({ timeout: 30_000 })
  // The frame's approval closes the modal by itself; the sign-in ends when the session is verified.
  await p.waitForFunction(() => (window as any).events.some((e: any) => /^SIWX_AUTH_(SUCCESS|ERROR)$/.test(e.event)), undefined, { timeout: 60_000 })
  await dialog(p).waitFor({ state: 'detached', timeout: 30_000 })

  const events = await p.evaluate(() => (window as any).events.map((e: any) => e.event) as string[])
  assert.equal(events.filter((e) => e.includes('SIWX')), ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_SUCCESS'])
  // DefaultSIWX keeps the verified session in the page's storage, for this account.
  const sessions = await p.evaluate(({ a }) => (window as any).modal.getSIWX().getSessions('eip155:1', a), { a: address }) as { signature: string }[]
  assert.is(sessions.length, 1)
  assert.match(sessions[0]!.signature, /6492649264926492649264926492649264926492649264926492649264926492$/, 'an ERC-6492 signature: checked on chain')
  assert.is(rpc.requests.length, 0, 'no request reached the first endpoint')
  assert.is(rpc.mode, 'refuse', 'which still refuses')
  assert.equal(errors.filter((e) => !/^Failed to load resource: net::/.test(e)), [])
})

test.run()
