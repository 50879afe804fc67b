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
