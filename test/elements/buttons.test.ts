import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom, waitFor } from '../render'
import { setAccountState } from '../../src/signals/account'
import type { ChainAdapter } from '../../src/types'

const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter
const inner = (el: Element) => el.shadowRoot!.querySelector('button')!

const test = suite('custom elements')
test.before.each(resetDom)

test('default: <appkit-button> says Connect Wallet and opens the modal', async () => {
  const kit = kitWith({ adapters: [adapter] })
  const el = document.createElement('appkit-button')
  document.body.append(el)
  assert.is(inner(el).textContent, 'Connect Wallet')
  inner(el).click()
  await waitFor(() => kit.getState().open, 'open')
})

test('parameters: label, size and disabled', async () => {
  kitWith({ adapters: [adapter] })
  const el = document.createElement('appkit-connect-button')
  el.setAttribute('label', 'Sign in')
  el.setAttribute('size', 'sm')
  document.body.append(el)
  assert.is(inner(el).textContent, 'Sign in')
  assert.is(inner(el).dataset.size, 'sm')
  el.setAttribute('disabled', '')
  assert.is(inner(el).disabled, true)
})

test('behavior: connected, the button shows the account and its balance', async () => {
  const kit = kitWith({ adapters: [adapter] })
  const el = document.createElement('appkit-button')
  document.body.append(el)
  setAccountState(kit.store, 'eip155', { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', status: 'connected', balance: '1.23456', balanceSymbol: 'ETH' })
  assert.match(inner(el).textContent!, '0xf39F…2266')
  assert.match(inner(el).textContent!, '1.234 ETH')
  el.setAttribute('balance', 'hide')
  assert.not.match(inner(el).textContent!, 'ETH')
})

test('behavior: <appkit-network-button> shows the network and opens Networks', async () => {
  const kit = kitWith({ adapters: [adapter] })
  const el = document.createElement('appkit-network-button')
  document.body.append(el)
  assert.is(inner(el).textContent, 'Ethereum')
  inner(el).click()
  await waitFor(() => kit.getState().open, 'open')
  assert.is(kit.store.modal.stack.value[0]!.view, 'Networks')
})
test.run()

const twins = suite('AppKit element names and attributes')
twins.before.each(resetDom)
twins('behavior: the w3m-* twins render and open like the appkit-* elements', async () => {
  const kit = kitWith({ adapters: [adapter] })
  for (const tag of ['w3m-button', 'w3m-connect-button', 'w3m-account-button', 'w3m-network-button']) assert.ok(customElements.get(tag), tag)
  const el = document.createElement('w3m-connect-button')
  el.setAttribute('label', 'Connect')
  document.body.append(el)
  assert.is(inner(el).textContent, 'Connect')
  inner(el).click()
  await waitFor(() => kit.getState().open, 'open')
})
twins('parameters: charsStart and charsEnd set how much of the address the account button keeps', () => {
  const kit = kitWith({ adapters: [adapter] })
  setAccountState(kit.store, 'eip155', { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', status: 'connected' })
  const el = document.createElement('appkit-account-button')
  el.setAttribute('charsStart', '6')
  el.setAttribute('charsEnd', '3')
  document.body.append(el)
  assert.match(inner(el).textContent!, '0xf39Fd6…266')
})
twins.run()
