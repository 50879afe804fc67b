// The same hook behaviour checked under two hosts: real React 19 and preact/compat.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom, waitFor } from '../render'
import { setAccountState } from '../../src/signals/account'
import type { ChainAdapter } from '../../src/types'

export interface Host {
  name: string
  createElement: (type: unknown, props?: unknown, ...children: unknown[]) => unknown
  mount: (element: unknown, container: HTMLElement) => Promise<() => void> | (() => void)
  act: (fn: () => void | Promise<void>) => Promise<void>
}

const adapter = { namespace: 'eip155', setup() {} } as unknown as ChainAdapter

export function hooksSuite(host: Host, hooks: typeof import('../../src/react')) {
  const test = suite(`react hooks under ${host.name}`)
  test.before.each(resetDom)

  test('behavior: useAppKitAccount, useAppKitNetwork and useAppKitNetworkCore follow the state', async () => {
    const kit = kitWith({ adapters: [adapter] })
    const renders: string[] = []
    function View() {
      const account = hooks.useAppKitAccount()
      const network = hooks.useAppKitNetwork()
      const core = hooks.useAppKitNetworkCore()
      const text = `${account.isConnected ? account.address : 'none'}@${network.chainId}/${core.caipNetworkId}`
      renders.push(text)
      return host.createElement('p', { id: 'out' }, text)
    }
    const container = document.createElement('div')
    document.body.append(container)
    const unmount = await host.mount(host.createElement(View), container)
    assert.is(container.textContent, 'none@1/eip155:1')
    await host.act(() => setAccountState(kit.store, 'eip155', { address: '0xabc', status: 'connected' }))
    await waitFor(() => container.textContent === '0xabc@1/eip155:1', 'connected text')
    await host.act(async () => {
      await kit.switchNetwork(kit.store.options.networks[1]!)
    })
    await waitFor(() => container.textContent === '0xabc@137/eip155:137', 'network text')
    const before = renders.length
    await host.act(() => kit.setThemeMode('light')) // unrelated state must not re-render
    assert.is(renders.length, before)
    unmount()
  })

  test('behavior: useAppKit opens, useAppKitState sees it, useDisconnect and useWalletInfo are callable', async () => {
    const kit = kitWith({ adapters: [adapter] })
    let api: ReturnType<typeof hooks.useAppKit> | undefined
    function View() {
      api = hooks.useAppKit()
      const state = hooks.useAppKitState()
      const { disconnect } = hooks.useDisconnect()
      const { walletInfo } = hooks.useWalletInfo()
      const { walletProvider } = hooks.useAppKitProvider('eip155')
      const theme = hooks.useAppKitTheme()
      return host.createElement('p', null, `${state.open}|${typeof disconnect}|${walletInfo?.name ?? '-'}|${walletProvider ?? '-'}|${theme.themeMode}`)
    }
    const container = document.createElement('div')
    document.body.append(container)
    const unmount = await host.mount(host.createElement(View), container)
    assert.is(container.textContent, 'false|function|-|-|light') // themeMode unset: happy-dom prefers light
    await host.act(() => api!.open({ view: 'Networks' }))
    await waitFor(() => container.textContent?.startsWith('true|'), 'open state')
    assert.is(kit.getState().open, true)
    unmount()
  })

  test('behavior: useAppKitBalance().fetchBalance reads the balance afresh through the adapter', async () => {
    let reads = 0
    const withBalance = { ...adapter, getBalance: async () => (reads++, { balance: '1.5', symbol: 'ETH' }) } as unknown as ChainAdapter
    const kit = kitWith({ adapters: [withBalance] })
    let api: ReturnType<typeof hooks.useAppKitBalance> | undefined
    function View() {
      api = hooks.useAppKitBalance()
      return host.createElement('p', null, 'x')
    }
    const container = document.createElement('div')
    document.body.append(container)
    const unmount = await host.mount(host.createElement(View), container)
    assert.equal(await api!.fetchBalance(), { data: undefined, error: 'Not able to retrieve balance', isSuccess: false, isError: true })
    setAccountState(kit.store, 'eip155', { address: '0xabc', caipAddress: 'eip155:1:0xabc', status: 'connected', connectorId: 'x' })
    assert.equal(await api!.fetchBalance(), { data: { balance: '1.5', symbol: 'ETH' }, error: null, isSuccess: true, isError: false })
    await api!.fetchBalance()
    assert.is(reads, 2, 'each call reads again')
    unmount()
  })

  test('behavior: useAppKitEvents re-renders on each event', async () => {
    const kit = kitWith({ adapters: [adapter] })
    function View() {
      const event = hooks.useAppKitEvents()
      return host.createElement('p', null, event.data.event)
    }
    const container = document.createElement('div')
    document.body.append(container)
    const unmount = await host.mount(host.createElement(View), container)
    await host.act(() => kit.open())
    await waitFor(() => container.textContent === 'MODAL_OPEN', 'open event')
    unmount()
  })

  return test
}
