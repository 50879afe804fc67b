import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { closeModal, currentRoute, goBack, openModal, pushView, resolveOpeningView, shakeModal } from '../../src/signals/modal'
import { setAccountState } from '../../src/signals/account'
import { mainnet } from '../../src/networks'
import type { ChainAdapter } from '../../src/types'

const adapter = { namespace: 'eip155' } as ChainAdapter
const storeWith = (extra: Record<string, unknown> = {}) => createStore(parseOptions({ projectId: 'p', networks: [mainnet], ...extra }))
const connect = (store: ReturnType<typeof storeWith>) => setAccountState(store, 'eip155', { address: '0x1', status: 'connected' })

const opening = suite('opening view')
opening('rule 1: an explicit view wins', () => {
  assert.is(resolveOpeningView(storeWith(), { view: 'Networks' }, false), 'Networks')
})
opening('rule 2: mobile, no adapters, no address → AllWallets', () => {
  assert.is(resolveOpeningView(storeWith(), {}, true), 'AllWallets')
})
opening('rule 3: desktop, no adapters, no address → ConnectingWalletConnectBasic', () => {
  assert.is(resolveOpeningView(storeWith(), {}, false), 'ConnectingWalletConnectBasic')
})
opening('rule 4: an address → Account', () => {
  const store = storeWith({ adapters: [adapter] })
  connect(store)
  assert.is(resolveOpeningView(store, {}, false), 'Account')
  const bare = storeWith()
  connect(bare)
  assert.is(resolveOpeningView(bare, {}, true), 'Account')
})
opening('rule 5: otherwise Connect', () => {
  assert.is(resolveOpeningView(storeWith({ adapters: [adapter] }), {}, false), 'Connect')
})
opening.run()

const closing = suite('closing')
closing('behavior: ApproveTransaction ignores close unless forced', () => {
  const store = storeWith()
  openModal(store, { view: 'ApproveTransaction' }, false)
  assert.is(closeModal(store), false)
  assert.is(store.modal.open.value, true)
  assert.is(closeModal(store, { force: true }), true)
  assert.is(store.modal.open.value, false)
})
closing('behavior: embedded mode returns to Account when connected, else Connect', () => {
  const store = storeWith({ enableEmbedded: true, adapters: [adapter] })
  openModal(store, { view: 'Networks' }, false)
  closeModal(store)
  assert.is(currentRoute(store).view, 'Connect')
  connect(store)
  pushView(store, 'Networks')
  closeModal(store)
  assert.is(currentRoute(store).view, 'Account')
})
closing('behavior: back pops one view and never the last', () => {
  const store = storeWith({ adapters: [adapter] })
  openModal(store, {}, false)
  pushView(store, 'Networks')
  goBack(store)
  assert.is(currentRoute(store).view, 'Connect')
  goBack(store)
  assert.is(currentRoute(store).view, 'Connect')
})
closing('behavior: shake lasts 500 ms', async () => {
  const store = storeWith()
  shakeModal(store)
  assert.is(store.modal.shake.value, true)
  await new Promise((r) => setTimeout(r, 450))
  assert.is(store.modal.shake.value, true)
  await new Promise((r) => setTimeout(r, 100))
  assert.is(store.modal.shake.value, false)
})
closing('behavior: open and close emit events', () => {
  const store = storeWith()
  const seen: string[] = []
  store.events.listeners.add((e) => seen.push(e.data.event))
  openModal(store, {}, false)
  closeModal(store)
  assert.equal(seen, ['MODAL_OPEN', 'MODAL_CLOSE'])
})
closing.run()

const appkitOpen = suite('open (AppKit OpenOptions)')
const solanaNet = { id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', chainNamespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://x'] } } }
const solAdapter = { namespace: 'solana' } as ChainAdapter
appkitOpen('behavior: a namespace is kept: it becomes active on its network and Connect lists only its wallets', () => {
  const store = storeWith({ networks: [mainnet, solanaNet], adapters: [adapter, solAdapter] })
  openModal(store, { namespace: 'solana' }, false)
  assert.is(store.network.activeNamespace.value, 'solana')
  assert.is(store.network.activeCaipNetworkId.value, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  assert.equal(currentRoute(store), { view: 'Connect', data: { namespace: 'solana' } })
})
appkitOpen('behavior: with a namespace, that namespace\'s account decides between Account and Connect', () => {
  const store = storeWith({ networks: [mainnet, solanaNet], adapters: [adapter, solAdapter] })
  connect(store)
  openModal(store, { namespace: 'solana' }, false)
  assert.is(currentRoute(store).view, 'Connect')
  closeModal(store)
  openModal(store, { namespace: 'eip155' }, false)
  assert.is(currentRoute(store).view, 'Account')
})
appkitOpen('parameters: arguments reach Swap and WalletSend as AppKit names them', () => {
  const store = storeWith({ adapters: [adapter] })
  openModal(store, { view: 'Swap', arguments: { amount: '1' } }, false)
  assert.equal(currentRoute(store).data, { swap: { amount: '1' } })
  openModal(store, { view: 'WalletSend', arguments: { to: '0x1' } }, false)
  assert.equal(currentRoute(store).data, { send: { to: '0x1' } })
})
appkitOpen('behavior: manualWCControl opens WalletConnect even with adapters', () => {
  assert.is(resolveOpeningView(storeWith({ adapters: [adapter], manualWCControl: true }), {}, false), 'ConnectingWalletConnectBasic')
})
appkitOpen.run()
