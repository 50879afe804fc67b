// postern/vue with real Vue 3 in happy-dom: AppKit's composables' shapes (Refs and reactive
// objects), following the modal's state while the component lives and no longer after.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createApp, defineComponent, h, isProxy, nextTick } from 'vue'
import { kitWith, resetDom, waitFor } from '../render'
import { setAccountState } from '../../src/signals/account'
import { currentInstance } from '../../src/instance'
import type { ChainAdapter, Connector } from '../../src/types'
import * as vue from '../../src/vue'

/** A wallet provider with a private field: a Vue proxy around it would break its methods. */
class WalletProvider {
  #chainId = '0x1'
  async request() {
    return this.#chainId
  }
}
const provider = new WalletProvider()
const address = '0x00000000000000000000000000000000000000a1'
const injected: Connector = { id: 'injected', uid: 'eip155:injected', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155', imageUrl: 'data:,w' }
const disconnected: string[] = []
const adapter = {
  namespace: 'eip155', setup() {}, getProvider: () => provider,
  getBalance: async () => ({ balance: '1.5', symbol: 'ETH' }),
  disconnect: async (id: string) => void disconnected.push(id),
} as unknown as ChainAdapter

function mount(setup: () => () => unknown) {
  const container = document.createElement('div')
  document.body.append(container)
  const app = createApp(defineComponent({ setup }))
  app.mount(container)
  return { container, unmount: () => app.unmount() }
}

const test = suite('postern/vue composables')
test.before.each(resetDom)

test('behavior: useAppKitAccount and useAppKitNetwork are Refs that follow the state; switchNetwork is in the network value', async () => {
  const kit = kitWith({ adapters: [adapter] })
  let renders = 0
  let network: ReturnType<typeof vue.useAppKitNetwork> | undefined
  const { container, unmount } = mount(() => {
    const account = vue.useAppKitAccount()
    network = vue.useAppKitNetwork()
    return () => (renders++, h('p', `${account.value.isConnected ? account.value.address : 'none'}@${network!.value.chainId}/${network!.value.caipNetworkId}`))
  })
  assert.is(container.textContent, 'none@1/eip155:1')
  setAccountState(kit.store, 'eip155', { address, status: 'connected' })
  await waitFor(() => container.textContent === `${address}@1/eip155:1`, 'connected text')
  await network!.value.switchNetwork(kit.store.options.networks[1]!)
  await waitFor(() => container.textContent === `${address}@137/eip155:137`, 'network text')
  const before = renders
  kit.setThemeMode('dark') // unrelated state must not re-render
  await nextTick()
  assert.is(renders, before)
  unmount()
})

test('behavior: useAppKit opens, useAppKitState sees it; useAppKitTheme reads and sets; useAppKitEvents follows events', async () => {
  const kit = kitWith({ adapters: [adapter] })
  let api: ReturnType<typeof vue.useAppKit> | undefined
  let theme: ReturnType<typeof vue.useAppKitTheme> | undefined
  let events: ReturnType<typeof vue.useAppKitEvents> | undefined
  const { container, unmount } = mount(() => {
    api = vue.useAppKit()
    const state = vue.useAppKitState()
    theme = vue.useAppKitTheme()
    events = vue.useAppKitEvents()
    return () => h('p', `${state.open}|${state.selectedNetworkId}|${theme!.themeMode}|${events!.data.event}`)
  })
  assert.is(container.textContent, 'false|eip155:1|light|INITIALIZE')
  await api!.open({ view: 'Networks' })
  await waitFor(() => container.textContent?.startsWith('true|eip155:1|light|MODAL_OPEN'), 'open state and event')
  theme!.setThemeMode('dark')
  await waitFor(() => container.textContent?.includes('|dark|'), 'theme mode')
  assert.is(kit.getThemeMode(), 'dark')
  assert.type(events!.timestamp, 'number')
  unmount()
})

test('behavior: useAppKitProvider gives the wallet\'s own provider object, never a Vue proxy; useWalletInfo follows', async () => {
  const kit = kitWith({ adapters: [adapter] })
  kit.store.connection.connectors.value = [injected]
  let result: ReturnType<typeof vue.useAppKitProvider> | undefined
  const { container, unmount } = mount(() => {
    result = vue.useAppKitProvider<WalletProvider>('eip155')
    const info = vue.useWalletInfo()
    return () => h('p', `${result!.walletProvider ? 'provider' : '-'}|${result!.walletProviderType ?? '-'}|${info.walletInfo?.name ?? '-'}`)
  })
  assert.is(container.textContent, '-|-|-')
  setAccountState(kit.store, 'eip155', { address, status: 'connected', connectorId: 'injected', connectedWalletInfo: { name: 'Test Wallet' } })
  await waitFor(() => container.textContent === 'provider|INJECTED|Test Wallet', 'provider and wallet info')
  assert.is(result!.walletProvider, provider)
  assert.is(isProxy(result!.walletProvider), false)
  assert.is(await (result!.walletProvider as WalletProvider).request(), '0x1')
  unmount()
})

test('behavior: after unmount the composables stop following (no effect left running)', async () => {
  const kit = kitWith({ adapters: [adapter] })
  let account: ReturnType<typeof vue.useAppKitAccount> | undefined
  const { unmount } = mount(() => {
    account = vue.useAppKitAccount()
    return () => h('p', String(account!.value.isConnected))
  })
  unmount()
  setAccountState(kit.store, 'eip155', { address, status: 'connected' })
  await nextTick()
  assert.is(account!.value.isConnected, false)
})

test('behavior: before createAppKit, useAppKit throws AppKit\'s message; useAppKitAccount reads disconnected, then follows the new instance', async () => {
  currentInstance().value = undefined
  assert.throws(() => vue.useAppKit(), /Please call "createAppKit" before using "useAppKit" composable/)
  assert.throws(() => vue.useAppKitTheme(), /Please call "createAppKit" before using "useAppKitTheme" hook/)
  let account: ReturnType<typeof vue.useAppKitAccount> | undefined
  const { unmount } = mount(() => {
    account = vue.useAppKitAccount()
    return () => h('p')
  })
  assert.is(account!.value.status, 'disconnected')
  const kit = kitWith({ adapters: [adapter] })
  setAccountState(kit.store, 'eip155', { address, status: 'connected' })
  await waitFor(() => account!.value.address === address, 'the account of the instance created later')
  unmount()
})

test('behavior: useDisconnect disconnects; useAppKitBalance().fetchBalance reads through the adapter', async () => {
  const kit = kitWith({ adapters: [adapter] })
  assert.equal(await vue.useAppKitBalance().fetchBalance(), { data: undefined, error: 'Not able to retrieve balance', isSuccess: false, isError: true })
  setAccountState(kit.store, 'eip155', { address, caipAddress: `eip155:1:${address}`, status: 'connected', connectorId: 'injected' })
  assert.equal(await vue.useAppKitBalance().fetchBalance(), { data: { balance: '1.5', symbol: 'ETH' }, error: null, isSuccess: true, isError: false })
  await vue.useDisconnect().disconnect()
  assert.is(kit.getIsConnected(), false)
  assert.equal(disconnected, ['injected'])
})

test('behavior: useAppKitConnections and useAppKitConnection: empty until multiWallet, then the live connection', async () => {
  const kit = kitWith({ adapters: [adapter] })
  kit.store.connection.connectors.value = [injected]
  let api: ReturnType<typeof vue.useAppKitConnection> | undefined
  const { container, unmount } = mount(() => {
    const list = vue.useAppKitConnections('eip155')
    api = vue.useAppKitConnection({ namespace: 'eip155' })
    return () => h('p', `${list.value.connections.map((c) => `${c.name}:${c.accounts.length}`).join(',')}|${api!.value.connection?.connectorId ?? '-'}`)
  })
  assert.is(container.textContent, '|-')
  kit.store.connection.connections.value = new Map([[injected.uid, { connectorId: 'injected', namespace: 'eip155', accounts: [{ address }], chainId: 1 }]])
  setAccountState(kit.store, 'eip155', { address, status: 'connected', connectorId: 'injected' })
  kit.updateRemoteFeatures({ multiWallet: true })
  await waitFor(() => container.textContent === 'Test Wallet:1|injected', 'the connection listed')
  api!.value.deleteConnection({ address, connectorId: 'injected' })
  await waitFor(() => container.textContent === '|-', 'the connection deleted')
  unmount()
})

test.run()
