// The send view in happy-dom: balances from a real HTTP server, fees from a real anvil node.
// The form's labels, its messages, Max less the fee, the preview, and state kept across renders.
import '@preact/signals'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { h, render } from 'preact'
import { startJsonServer, type JsonServer } from '../api/json-server'
import { startAnvil, type AnvilNode } from '../../dev/chains/anvil'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { setAccountState } from '../../src/signals/account'
import { sendStateFor } from '../../src/signals/send'
import { WalletSend } from '../../src/lazy/send/index'
import { mainnet } from '../../src/networks'
import { waitFor } from '../render'
import { setLocale } from '../../src/ui/base'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BALANCES = { balances: [
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 6000, price: 3000, quantity: { decimals: '18', numeric: '2' } },
  { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', value: 5, price: 1, quantity: { decimals: '6', numeric: '5' } },
] }

let server: JsonServer
let anvil: AnvilNode
const test = suite('lazy/send view')
test.before(async () => {
  ;[server, anvil] = await Promise.all([startJsonServer(() => ({ status: 200, body: BALANCES })), startAnvil(1)])
})
test.after(async () => {
  await Promise.all([server?.close(), anvil?.stop()])
})

function mount(rpcUrl = anvil.rpcUrl) {
  // The network's own endpoints are the fallback's last resort: the node given is the only one here.
  const network = { ...mainnet, rpcUrls: { default: { http: [rpcUrl] } } }
  const store = createStore(parseOptions({ projectId: 'p', networks: [network], blockchainApiUrl: server.url, rpcUrls: { 'eip155:1': rpcUrl } }))
  setAccountState(store, 'eip155', { address: ME, caipAddress: `eip155:1:${ME}`, status: 'connected' })
  store.modal.stack.value = [{ view: 'Account' }, { view: 'WalletSend' }]
  const host = document.createElement('div')
  document.body.append(host)
  const draw = () => render(h(WalletSend, { store, route: store.modal.stack.value[1]! }), host)
  draw()
  return { store, host, draw, q: <T extends Element>(s: string) => host.querySelector<T>(s) }
}

function type(el: HTMLInputElement | HTMLSelectElement, value: string, event = 'input') {
  el.value = value
  el.dispatchEvent(new Event(event, { bubbles: true }))
}
const settle = () => new Promise((r) => setTimeout(r, 0))
const errorText = (host: Element) => host.querySelector('[data-testid=send-error]')!.textContent

test('behavior: every control has a label, the alert names each bad input, and the button says what is missing', async () => {
  const { host, q } = mount()
  const select = await waitFor(() => q<HTMLSelectElement>('#send-token')?.options.length === 3 && q<HTMLSelectElement>('#send-token'), 'balances listed')
  for (const id of ['send-token', 'send-amount', 'send-to']) assert.ok(host.querySelector(`label[for=${id}]`), `a label for ${id}`)
  assert.is(q('[role=alert]')?.id, 'send-error')
  const submit = q<HTMLButtonElement>('#send-submit')!
  assert.is(submit.textContent, 'Select Token')
  // The form takes input at once; only the submit waits (disabled, aria-busy) for the chain library.
  await waitFor(() => !submit.disabled && submit.getAttribute('aria-busy') !== 'true', 'the submit ready')
  submit.click()
  await settle()
  assert.is(errorText(host), 'An amount and receiver address are required')
  type(q<HTMLInputElement>('#send-amount')!, '1')
  type(q<HTMLInputElement>('#send-to')!, TO)
  await settle()
  q<HTMLButtonElement>('#send-submit')!.click()
  await settle()
  assert.is(errorText(host), 'A token is required')
  type(select, 'native:ETH', 'change')
  type(q<HTMLInputElement>('#send-amount')!, 'ten')
  q<HTMLInputElement>('#send-amount')!.dispatchEvent(new Event('blur'))
  await settle()
  assert.is(q<HTMLInputElement>('#send-amount')!.value, '0', 'a non-numeric value becomes 0')
  assert.is(q('#send-submit')!.textContent, 'Incorrect Value')
  type(q<HTMLInputElement>('#send-amount')!, '3')
  await settle()
  assert.is(q('#send-submit')!.textContent, 'Insufficient Funds')
  type(q<HTMLInputElement>('#send-amount')!, '1')
  type(q<HTMLInputElement>('#send-to')!, TO.replace('C51812dc', 'c51812dc'))
  await settle()
  q<HTMLButtonElement>('#send-submit')!.click()
  await settle()
  assert.is(errorText(host), 'Invalid Address')
  assert.is(q('#send-to')!.getAttribute('aria-invalid'), 'true')
  // All lower case has no checksum to break: viem accepts it, as wallets do.
  type(q<HTMLInputElement>('#send-to')!, TO.toLowerCase())
  await settle()
  assert.is(q('#send-submit')!.textContent, 'Preview Send')
  render(null, host)
})

test('behavior: Max keeps back 65,000 gas at the node\'s gas price on a native send, and the whole balance of a token', async () => {
  const { store, q, host } = mount()
  const select = await waitFor(() => q<HTMLSelectElement>('#send-token')?.options.length === 3 && q<HTMLSelectElement>('#send-token'), 'balances listed')
  type(select, 'native:ETH', 'change')
  const fee = await waitFor(() => sendStateFor(store).form.value.fee, 'the fee from anvil')
  const gasPrice = BigInt((await (await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_gasPrice', params: [] }) })).json()).result)
  assert.is(fee.amount, 21_000n * gasPrice)
  assert.is(fee.reserve, 65_000n * gasPrice)
  await waitFor(() => /≈ 0\.\d+ ETH \(\$\d+\.\d\d\)/.test(q('[data-testid=send-fee]')?.textContent ?? ''), 'the fee in ETH and USD')
  q<HTMLButtonElement>('button.max')!.click()
  await settle()
  const max = q<HTMLInputElement>('#send-amount')!.value
  assert.is(BigInt(Math.round(Number(max) * 1e9)) * 10n ** 9n + 65_000n * gasPrice, 2n * 10n ** 18n)
  type(select, `eip155:1:${BALANCES.balances[1]!.address!.split(':')[2]}`, 'change')
  await settle()
  q<HTMLButtonElement>('button.max')!.click()
  await settle()
  assert.is(q<HTMLInputElement>('#send-amount')!.value, '5')
  render(null, host)
})

test('behavior: the preview shows amount, value, receiver and network; Cancel returns to the form with nothing lost, even after a remount', async () => {
  const { q, host, draw } = mount()
  const select = await waitFor(() => q<HTMLSelectElement>('#send-token')?.options.length === 3 && q<HTMLSelectElement>('#send-token'), 'balances listed')
  type(select, 'native:ETH', 'change')
  type(q<HTMLInputElement>('#send-amount')!, '0,5')
  type(q<HTMLInputElement>('#send-to')!, TO)
  await settle()
  q<HTMLFormElement>('form')!.requestSubmit()

  await waitFor(() => q('[data-testid=send-preview-amount]'), 'the preview')
  assert.is(q('[data-testid=send-preview-amount]')!.textContent, '0.5 ETH')
  assert.match(host.textContent!, /\$1500\.00/)
  assert.is(q('[data-testid=send-preview-to]')!.getAttribute('title'), TO)
  assert.match(host.textContent!, /Ethereum/)
  // The preview moves focus to its heading in an effect after render.
  await waitFor(() => document.activeElement?.id === 'send-review', 'focus moves to the preview heading')
  render(null, host)
  draw()
  await waitFor(() => q('[data-testid=send-preview-amount]'), 'the preview after a remount')
  ;[...host.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click()
  await waitFor(() => q('#send-amount'), 'the form')
  assert.is(q<HTMLInputElement>('#send-amount')!.value, '0.5')
  assert.is(q<HTMLInputElement>('#send-to')!.value, TO)
  assert.is(q<HTMLSelectElement>('#send-token')!.value, 'native:ETH')
  render(null, host)
})

test('behavior: the form\'s messages from signals are said in the locale, and follow a change of it while shown', async () => {
  await setLocale('de')
  try {
    const { host, q } = mount()
    await waitFor(() => q<HTMLSelectElement>('#send-token')?.options.length === 3, 'balances listed')
    const submit = q<HTMLButtonElement>('#send-submit')!
    assert.is(submit.textContent, 'Token auswählen')
    await waitFor(() => !submit.disabled && submit.getAttribute('aria-busy') !== 'true', 'the submit ready')
    submit.click()
    await settle()
    assert.is(errorText(host), 'Betrag und Empfängeradresse sind erforderlich')
    await setLocale('fr')
    await settle()
    assert.is(errorText(host), 'Un montant et une adresse de destination sont requis', 'the shown view re-rendered in French')
    assert.is(q('#send-submit')!.textContent, 'Choisir un jeton')
    render(null, host)
  } finally {
    await setLocale('en')
  }
})

test('behavior: a node that does not answer leaves the fee unavailable, not pending forever; Max then fills the whole balance', async () => {
  // A closed loopback port: nothing listens on the discard port.
  const { q, host } = mount('http://127.0.0.1:9/')
  const select = await waitFor(() => q<HTMLSelectElement>('#send-token')?.options.length === 3 && q<HTMLSelectElement>('#send-token'), 'balances listed')
  type(select, 'native:ETH', 'change')
  await settle()
  assert.match(q('[data-testid=send-fee]')!.textContent!, /Estimating…/)
  await waitFor(() => /Unavailable/.test(q('[data-testid=send-fee]')?.textContent ?? ''), 'the fee marked unavailable')
  q<HTMLButtonElement>('button.max')!.click()
  await settle()
  assert.is(q<HTMLInputElement>('#send-amount')!.value, '2')
  render(null, host)
})

test.run()
