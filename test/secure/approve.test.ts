// The approval as the frame renders it, driven by a hostile page's typed data: what the visitor
// reads is the text as written, direction overrides and invisible characters made visible.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { privateKeyToAccount } from 'viem/accounts'
import { askApproval } from '../../secure/approve.ts'
import { handleRpc } from '../../secure/rpc.ts'
import { waitFor } from '../wait.ts'

const test = suite('secure approve: text as written')
const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)
const ctx = { account, chainId: 1, rpcUrl: undefined, origin: 'https://evil.example', approve: (d: Parameters<typeof askApproval>[0]) => askApproval(d, () => undefined, () => undefined) }

test('attack: typed data whose strings carry a right-to-left override and zero widths reads as written, not reordered', async () => {
  // Rendered, "Pay \u202e0001 DSU" reads "Pay USD 1000"; the domain's zero width hides in "Uni\u200bswap".
  const typed = {
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    domain: { name: 'Uni\u200bswap', chainId: 1 },
    message: { contents: 'Pay \u202e0001 DSU' },
  }
  const signed = handleRpc(ctx, 'eth_signTypedData_v4', [account.address, JSON.stringify(typed)])
  const panel = await waitFor(() => document.querySelector('section.approve'), 'the approval')
  const body = panel.querySelector('pre')!.textContent!
  assert.not.match(body, /[\u202e\u200b]/)
  assert.match(body, /Pay \\u202e0001 DSU/)
  const dds = [...panel.querySelectorAll('dd')].map((d) => d.textContent)
  assert.ok(dds.includes('Uni\\u200bswap'), dds.join(' | '))
  const reject = panel.querySelector<HTMLButtonElement>('[data-testid=w3m-frame-reject]')!
  await waitFor(() => !reject.disabled, 'Reject enabled')
  reject.click()
  await signed.then(() => assert.unreachable('signed'), (e: { code?: number }) => assert.is(e.code, 4001))
  assert.is(document.querySelector('section.approve'), null)
})

test('behavior: plain text, tabs and line breaks are shown unchanged', async () => {
  const shown = askApproval({ title: 'Sign message', origin: 'https://shop.example', rows: [['Account', account.address]], body: 'Line 1\n\tLine 2\r\nLine 3 — ünïcødé' }, () => undefined, () => undefined)
  const panel = await waitFor(() => document.querySelector('section.approve'), 'the approval')
  assert.is(panel.querySelector('pre')!.textContent, 'Line 1\n\tLine 2\r\nLine 3 — ünïcødé')
  const reject = panel.querySelector<HTMLButtonElement>('[data-testid=w3m-frame-reject]')!
  await waitFor(() => !reject.disabled, 'Reject enabled')
  reject.click()
  assert.is(await shown, false)
})

test.run()
