// The rest of AppKit's React surface under each host: multi-wallet hooks, the headless wallets
// hook, the components and AppKitProvider, and the hooks' AppKit shapes.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom, waitFor } from '../render'
import { setAccountState } from '../../src/signals/account'
import { currentInstance } from '../../src/instance'
import { mainnet } from '../../src/networks'
import type { ChainAdapter, Connector } from '../../src/types'
import type { Host } from './hooks-suite'

const provider = { request: async () => null }
const adapter = { namespace: 'eip155', setup() {}, getProvider: () => provider, connect: async () => ({ address: '0x00000000000000000000000000000000000000b2', chainId: 1 }) } as unknown as ChainAdapter
const injected: Connector = { id: 'injected', uid: 'eip155:injected', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155', imageUrl: 'data:,w' }
const address = '0x00000000000000000000000000000000000000a1'

async function render(host: Host, view: () => unknown) {
  const container = document.createElement('div')
  document.body.append(container)
  const unmount = await host.mount(host.createElement(view), container)
  return { container, unmount }
}

export function moreHooksSuite(host: Host, hooks: typeof import('../../src/react')) {
  const test = suite(`react hooks (AppKit 1.8 surface) under ${host.name}`)
  test.before.each(resetDom)

  test('hooks before createAppKit throw AppKit\'s message', () => {
    const saved = currentInstance().peek()
    currentInstance().value = undefined
    try {
      assert.throws(() => hooks.useAppKitConnections(), /Please call "createAppKit" before using "useAppKitConnections" hook/)
      assert.throws(() => hooks.useAppKitWallets(), /Please call "createAppKit" before using "useAppKitWallets" hook/)
    } finally {
      currentInstance().value = saved
    }
  })

  test('useAppKitConnections and useAppKitConnection: empty until multiWallet, then the live connection', async () => {
    const kit = kitWith({ adapters: [adapter] })
    kit.store.connection.connectors.value = [injected]
    let api: ReturnType<typeof hooks.useAppKitConnection> | undefined
    function View() {
      const { connections } = hooks.useAppKitConnections('eip155')
      api = hooks.useAppKitConnection({ namespace: 'eip155' })
      return host.createElement('p', null, `${connections.map((c) => `${c.name}:${c.accounts.length}`).join(',')}|${api.connection?.connectorId ?? '-'}`)
    }
    const { container, unmount } = await render(host, View)
    assert.is(container.textContent, '|-')
    await host.act(() => {
      kit.store.connection.connections.value = new Map([[injected.uid, { connectorId: 'injected', namespace: 'eip155', accounts: [{ address }], chainId: 1 }]])
      setAccountState(kit.store, 'eip155', { address, status: 'connected', connectorId: 'injected' })
      kit.updateRemoteFeatures({ multiWallet: true })
    })
    await waitFor(() => container.textContent === 'Test Wallet:1|injected', 'the connection listed')
    await host.act(() => void api!.deleteConnection({ address, connectorId: 'injected' }))
    await waitFor(() => container.textContent === '|-', 'the connection deleted')
    unmount()
  })

  test('useAppKitWallets: nothing without features.headless; with it, injected wallets and connect', async () => {
    const off = kitWith({ adapters: [adapter] })
    off.store.connection.connectors.value = [injected]
    let wallets: ReturnType<typeof hooks.useAppKitWallets> | undefined
    function View() {
      wallets = hooks.useAppKitWallets()
      return host.createElement('p', null, wallets.wallets.map((w) => w.name).join(','))
    }
    let shown = await render(host, View)
    assert.is(shown.container.textContent, '')
    assert.is(wallets!.isInitialized, false)
    shown.unmount()
    const kit = kitWith({ adapters: [adapter], features: { headless: true } } as never)
    kit.store.connection.connectors.value = [injected]
    shown = await render(host, View)
    await waitFor(() => shown.container.textContent === 'Test Wallet', 'the injected wallet')
    assert.is(wallets!.wallets[0]!.isInjected, true)
    assert.equal(wallets!.wallets[0]!.connectors, [{ id: 'injected', rdns: undefined, chain: 'eip155' }])
    await host.act(() => wallets!.connect(wallets!.wallets[0]!))
    await waitFor(() => kit.getIsConnectedState(), 'connected through the hook')
    assert.is(wallets!.connectingWallet?.name, 'Test Wallet')
    await host.act(() => wallets!.resetConnectingWallet())
    assert.is(wallets!.connectingWallet, undefined)
    shown.unmount()
  })

  test('components render AppKit\'s elements with their attributes; AppKitProvider creates the instance once', async () => {
    function View() {
      return host.createElement('div', null,
        host.createElement(hooks.AppKitProvider, { projectId: 'test', networks: [mainnet], apiUrl: 'http://127.0.0.1:9/', blockchainApiUrl: 'http://127.0.0.1:9/' },
          host.createElement(hooks.AppKitButton, { label: 'Sign in', balance: 'hide', disabled: false }),
          host.createElement(hooks.AppKitConnectButton, { size: 'sm' }),
          host.createElement(hooks.AppKitAccountButton, { disabled: true, charsStart: 6 }),
          host.createElement(hooks.AppKitNetworkButton, null)))
    }
    const { container, unmount } = await render(host, View)
    const button = container.querySelector('appkit-button')!
    assert.is(button.getAttribute('label'), 'Sign in')
    assert.is(button.getAttribute('balance'), 'hide')
    assert.is(button.hasAttribute('disabled'), false)
    assert.is(container.querySelector('appkit-connect-button')!.getAttribute('size'), 'sm')
    assert.is(container.querySelector('appkit-account-button')!.getAttribute('disabled'), '')
    assert.is(container.querySelector('appkit-account-button')!.getAttribute('charsStart'.toLowerCase()), '6')
    assert.ok(container.querySelector('appkit-network-button'))
    await waitFor(() => button.shadowRoot?.textContent?.includes('Sign in'), 'the element rendered its label')
    unmount()
  })

  test('useAppKitState spreads the remote features; useWalletInfo(namespace); useAppKitProvider; useAppKitEvents shape', async () => {
    const kit = kitWith({ adapters: [adapter] })
    kit.store.connection.connectors.value = [injected]
    function View() {
      const state = hooks.useAppKitState() as Record<string, unknown>
      const { walletInfo } = hooks.useWalletInfo('eip155')
      const { walletProvider, walletProviderType } = hooks.useAppKitProvider('eip155')
      const event = hooks.useAppKitEvents()
      return host.createElement('p', null, `${state.multiWallet}|${walletInfo?.name ?? '-'}|${walletProvider === provider}|${walletProviderType ?? '-'}|${typeof event.reportedErrors}`)
    }
    const { container, unmount } = await render(host, View)
    assert.is(container.textContent, 'false|-|false|-|object')
    await host.act(() => {
      kit.updateRemoteFeatures({ multiWallet: true })
      setAccountState(kit.store, 'eip155', { address, status: 'connected', connectorId: 'injected', connectedWalletInfo: { name: 'Test Wallet' } })
    })
    await waitFor(() => container.textContent === 'true|Test Wallet|true|INJECTED|object', 'state, wallet info and provider')
    unmount()
  })

  return test
}
