// Connect honours AppKit's options: legal text and checkbox, allWallets, collapseWallets, enableWallets, connectorTypeOrder.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitsMade, kitWith, modalRoot, resetDom, tick, waitFor } from '../render'
import { rpcUrlFor } from '../../src/signals/adapters'
import { mainnet } from '../../src/networks'
import type { AdapterContext, ChainAdapter } from '../../src/types'

const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter
const names = () => [...modalRoot().querySelectorAll('.item .name')].map((n) => n.textContent)

const test = suite('Connect with AppKit options')
test.before.each(resetDom)

test('behavior: terms and privacy URLs show AppKit\'s legal line with both links', async () => {
  const kit = kitWith({ adapters: [adapter], termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'https://shop.example/privacy' })
  await kit.open()
  const line = await waitFor(() => [...modalRoot().querySelectorAll('p')].find((p) => p.textContent?.startsWith('By connecting')), 'legal line')
  assert.is(line.textContent, 'By connecting your wallet, you agree to our Terms of Service and Privacy Policy')
  assert.equal([...line.querySelectorAll('a')].map((a) => a.getAttribute('href')), ['https://shop.example/terms', 'https://shop.example/privacy'])
})

test('behavior: features.legalCheckbox keeps the wallets disabled until ticked', async () => {
  const kit = kitWith({ adapters: [adapter], termsConditionsUrl: 'https://shop.example/terms', features: { legalCheckbox: true } })
  await kit.open()
  const box = await waitFor(() => modalRoot().querySelector<HTMLInputElement>('input[type=checkbox]'), 'checkbox')
  assert.match(box.closest('label')!.textContent!, 'I agree to our terms of service')
  const list = modalRoot().querySelector('ul[aria-label=Wallets]')!
  assert.is(list.getAttribute('aria-disabled'), 'true')
  assert.not.ok([...modalRoot().querySelectorAll('p')].some((p) => p.textContent?.startsWith('By connecting')), 'no footer with the checkbox')
  box.checked = true
  box.dispatchEvent(new Event('change', { bubbles: true }))
  await waitFor(() => modalRoot().querySelector('ul[aria-label=Wallets]')?.getAttribute('aria-disabled') === null, 'enabled')
  assert.is(kit.store.modal.legalAccepted.value, true)
})

test('behavior: allWallets SHOW, HIDE and ONLY_MOBILE (desktop here)', async () => {
  for (const [allWallets, shown] of [['SHOW', true], ['HIDE', false], ['ONLY_MOBILE', false]] as const) {
    resetDom()
    const kit = kitWith({ adapters: [adapter], allWallets })
    await kit.open()
    await waitFor(() => modalRoot().querySelector('ul[aria-label=Wallets]'), 'list')
    assert.is(names().includes('All Wallets'), shown, allWallets)
    await kit.close()
  }
})

test('behavior: collapseWallets shows one "Continue with a wallet" entry that opens the list', async () => {
  const kit = kitWith({ adapters: [adapter], features: { collapseWallets: true } })
  await kit.open()
  await waitFor(() => names().length, 'entries')
  assert.equal(names(), ['Continue with a wallet'])
  modalRoot().querySelector<HTMLButtonElement>('.item')!.click()
  await waitFor(() => names().includes('WalletConnect'), 'full list')
})

test('behavior: enableWallets: false shows only e-mail login, no wallet list, no All Wallets, no "Continue with a wallet"', async () => {
  for (const collapseWallets of [false, true]) {
    resetDom()
    const kit = kitWith({ adapters: [adapter], enableWallets: false, secureSiteUrl: 'http://127.0.0.1:9/', features: { email: true, collapseWallets } })
    await kit.open()
    await waitFor(() => modalRoot().querySelector('input[type=email]'), 'e-mail field')
    assert.is(modalRoot().querySelector('ul[aria-label=Wallets]'), null)
    assert.equal(names(), [], `no entries (collapseWallets ${collapseWallets})`)
    await kit.close()
  }
  resetDom()
  const control = kitWith({ adapters: [adapter], enableWallets: true, secureSiteUrl: 'http://127.0.0.1:9/', features: { email: true, emailShowWallets: true } })
  await control.open()
  await waitFor(() => names().includes('All Wallets'), 'the list with enableWallets: true')
})

test('behavior: enableWalletGuide and showWallets false change nothing, as in AppKit 1.8 (no guide; "?" still opens What is a wallet?)', async () => {
  const kit = kitWith({ adapters: [adapter], enableWalletGuide: false, showWallets: false })
  await kit.open()
  await waitFor(() => names().includes('All Wallets'), 'the full list')
  assert.not.ok(/Haven't got a wallet/.test(modalRoot().textContent ?? ''))
  modalRoot().querySelector<HTMLButtonElement>('button[aria-label="What is a wallet?"]')!.click()
  await waitFor(() => kit.store.modal.stack.value.at(-1)?.view === 'WhatIsAWallet', 'What is a wallet?')
})

test('behavior: connectorTypeOrder puts the named groups first', async () => {
  const kit = kitWith({ adapters: [adapter], features: { connectorTypeOrder: ['injected', 'walletConnect'] } })
  kit.store.connection.connectors.value = [...kit.store.connection.connectors.peek(), { id: 'io.x', uid: 'eip155:io.x', name: 'Xwallet', type: 'ANNOUNCED', chain: 'eip155' }]
  await kit.open()
  await waitFor(() => names().includes('Xwallet'), 'entries')
  assert.equal(names().slice(0, 2), ['Xwallet', 'WalletConnect'])
})

const wiring = suite('adapter wiring with AppKit options')
wiring.before.each(resetDom)
wiring('behavior: customRpcUrls win over the network\'s RPC', () => {
  const kit = kitWith({ customRpcUrls: { 'eip155:1': [{ url: 'https://rpc.example/1' }] } })
  assert.is(rpcUrlFor(kit.store, mainnet), 'https://rpc.example/1')
})
wiring('behavior: connectorImages replace a connector\'s image; enableReconnect: false skips the restore', async () => {
  // The earlier tests' kits start their adapters once the runtime is imported (slow on a loaded
  // machine); one that finds no wallet writes 'disconnected' to the storage all kits share, which
  // would cancel this test's restore if it landed after the line below.
  await Promise.all(kitsMade.map((k) => k.ready().catch(() => undefined)))
  await tick(50)
  localStorage.setItem('@postern/connection_status', '"connected"')
  let reconnects = 0
  let ctx: AdapterContext | undefined
  const recording = () => ({
    namespace: 'eip155',
    setup(c: AdapterContext) { ctx = c; c.setConnectors([{ id: 'io.x', uid: 'eip155:io.x', name: 'X', type: 'ANNOUNCED', chain: 'eip155' }]) },
    async reconnect() { reconnects++; return undefined },
  }) as unknown as ChainAdapter
  const control = kitWith({ adapters: [recording()] })
  // ready(): the runtime's first import compiles it here (tsx), which a loaded machine makes slow.
  await control.ready()
  await waitFor(() => reconnects === 1, 'a reconnect by default (createAppKit starts the adapters)', 60_000)
  assert.ok(control)
  localStorage.setItem('@postern/connection_status', '"connected"')
  ctx = undefined
  const kit = kitWith({ adapters: [recording()], enableReconnect: false, connectorImages: { 'io.x': 'https://img.example/x.png', walletConnect: 'https://img.example/wc.png' } })
  await waitFor(() => ctx, 'setup')
  await new Promise((r) => setTimeout(r, 20))
  const connectors = kit.store.connection.connectors.value
  assert.is(connectors.find((c) => c.id === 'io.x')?.imageUrl, 'https://img.example/x.png')
  assert.is(connectors.find((c) => c.id === 'walletConnect')?.imageUrl, 'https://img.example/wc.png')
  assert.is(reconnects, 1, 'none with enableReconnect: false')
})
test.run()
wiring.run()
