// AppKit's authConnector in postern/wagmi: the modal's embedded-wallet login becomes wagmi's
// connection (and its end, wagmi's disconnect); the connector never logs in by itself.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { connect, getAccount } from '@wagmi/core'
import { WagmiAdapter, authConnector } from '../../src/wagmi'
import { mainnet, polygon } from '../../src/networks'
import { setAccountState } from '../../src/signals/account'
import { applyConnection } from '../../src/signals/wallet'
import type { AdapterContext, Connector } from '../../src/types'
import { kitWith, resetDom } from '../render'

const test = suite('postern/wagmi: authConnector')
const SMART = '0x2222222222222222222222222222222222222222'
const auth: Connector = { id: 'AUTH', uid: 'eip155:AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  assert.ok(check(), what)
}

test('behavior: the modal\'s email login is wagmi\'s connection through authConnector, and its logout wagmi\'s disconnect', async () => {
  resetDom()
  const kit = kitWith({ features: { analytics: false } })
  // The embedded wallet's provider, as its driver gives it.
  const provider = { request: async ({ method }: { method: string }) => (method === 'eth_chainId' ? '0x1' : method === 'eth_accounts' ? [SMART] : null), on() {}, removeListener() {} }
  kit.store.drivers.set('AUTH', { getProvider: () => provider } as never)
  const adapter = new WagmiAdapter({ projectId: 'p', networks: [mainnet, polygon], connectors: [authConnector({ options: { projectId: 'p' } })] })
  const lists: Connector[][] = []
  const connected: unknown[] = []
  const context: AdapterContext = {
    networks: [mainnet, polygon], rpcUrl: () => 'http://127.0.0.1:9/', settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [] },
    setConnectors: (list) => lists.push(list), onAccountChanged() {}, onDisconnected() {}, onConnected: (r) => connected.push(r),
  }
  adapter.setup(context)
  await until(() => lists.length > 0, 'the modal got wagmi\'s connectors')
  assert.not.ok(lists.at(-1)!.some((c) => c.id === 'AUTH'), 'the modal lists its own login, not wagmi\'s connector')

  // Through wagmi alone, nothing logs in.
  try {
    await connect(adapter.wagmiConfig, { connector: adapter.wagmiConfig.connectors.find((c) => c.id === 'AUTH')! })
    assert.unreachable('connected')
  } catch (error) {
    assert.match((error as Error).message, /Open the modal to log in with email or a social account/)
  }

  kit.store.connection.connectors.value = [auth]
  applyConnection(kit.store, auth, SMART, 1)
  setAccountState(kit.store, 'eip155', { status: 'connected', allAccounts: [{ address: SMART, type: 'smartAccount' }] })
  await until(() => getAccount(adapter.wagmiConfig).connector?.id === 'AUTH', 'wagmi follows the login')
  assert.equal(getAccount(adapter.wagmiConfig).addresses, [SMART])
  assert.is(getAccount(adapter.wagmiConfig).chainId, 1)
  assert.is(await getAccount(adapter.wagmiConfig).connector!.getProvider(), provider)
  assert.equal(connected, [], 'the modal\'s own login does not come back to it')

  setAccountState(kit.store, 'eip155', { status: 'disconnected', address: undefined, caipAddress: undefined })
  await until(() => getAccount(adapter.wagmiConfig).status === 'disconnected', 'wagmi follows the logout')
})

test('behavior: WagmiAdapter adds authConnector itself, as AppKit\'s adapter does, so an e-mail login is wagmi\'s connection without the site naming it; a site\'s own is not doubled', async () => {
  resetDom()
  const kit = kitWith({ features: { analytics: false } })
  const provider = { request: async ({ method }: { method: string }) => (method === 'eth_chainId' ? '0x1' : method === 'eth_accounts' ? [SMART] : null), on() {}, removeListener() {} }
  kit.store.drivers.set('AUTH', { getProvider: () => provider } as never)
  const adapter = new WagmiAdapter({ projectId: 'p', networks: [mainnet, polygon] })
  const own = new WagmiAdapter({ projectId: 'p', networks: [mainnet, polygon], connectors: [authConnector({ options: { projectId: 'p' } })] })
  assert.is(own.wagmiConfig.connectors.filter((c) => c.id === 'AUTH').length, 1)
  assert.is(adapter.wagmiConfig.connectors.filter((c) => c.id === 'AUTH').length, 1)
  adapter.setup({
    networks: [mainnet, polygon], rpcUrl: () => 'http://127.0.0.1:9/', settings: { enableInjected: true, enableEIP6963: true, mobile: false, excluded: [] },
    setConnectors() {}, onAccountChanged() {}, onDisconnected() {}, onConnected() {},
  })
  kit.store.connection.connectors.value = [auth]
  applyConnection(kit.store, auth, SMART, 1)
  setAccountState(kit.store, 'eip155', { status: 'connected', allAccounts: [{ address: SMART, type: 'smartAccount' }] })
  await until(() => getAccount(adapter.wagmiConfig).connector?.id === 'AUTH', 'wagmi follows the login')
  assert.equal(getAccount(adapter.wagmiConfig).addresses, [SMART])
})

test.run()
