// AppKit 1.8's instance methods (appkit-base-client.ts) on Postern's instance, each checked
// against the state it reads or changes.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom, waitFor } from '../render'
import { setAccountState } from '../../src/signals/account'
import { solana } from '../../src/networks'
import type { ChainAdapter, Connector } from '../../src/types'

const provider = { request: async () => null }
const evm = (extra: Record<string, unknown> = {}) =>
  ({ namespace: 'eip155', setup() {}, getProvider: (id: string) => (id === 'injected' ? provider : undefined), disconnect: async () => {}, ...extra }) as unknown as ChainAdapter
const connector: Connector = { id: 'injected', uid: 'eip155:injected', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155' }
const address = '0x00000000000000000000000000000000000000a1'

function connected(extra: Record<string, unknown> = {}) {
  const kit = kitWith({ adapters: [evm()], ...extra })
  kit.store.connection.connectors.value = [connector]
  kit.store.connection.connections.value = new Map([[connector.uid, { connectorId: 'injected', namespace: 'eip155', accounts: [{ address }], chainId: 1 }]])
  setAccountState(kit.store, 'eip155', {
    address, caipAddress: `eip155:1:${address}`, status: 'connected', connectorId: 'injected', connectedWalletInfo: { name: 'Test Wallet' },
    allAccounts: [{ address, type: 'eoa' }],
  })
  return kit
}

const modal = suite('instance: modal and router')
modal.before.each(resetDom)
modal('open, isOpen, redirect, replace, popTransactionStack, isTransactionStackEmpty, close', async () => {
  const kit = kitWith({ adapters: [evm()] })
  assert.is(kit.isOpen(), false)
  await kit.open({ view: 'Networks' })
  assert.is(kit.isOpen(), true)
  assert.is(kit.isTransactionStackEmpty(), true)
  kit.redirect('AllWallets')
  assert.equal(kit.store.modal.stack.peek().map((r) => r.view), ['Networks', 'AllWallets'])
  assert.is(kit.isTransactionStackEmpty(), false)
  kit.replace('WhatIsAWallet' as never)
  assert.equal(kit.store.modal.stack.peek().map((r) => r.view), ['Networks', 'WhatIsAWallet'])
  kit.popTransactionStack('cancel')
  assert.equal(kit.store.modal.stack.peek().map((r) => r.view), ['Networks'])
  kit.popTransactionStack('success') // nothing left to pop: closes, as AppKit's router does
  await waitFor(() => !kit.isOpen(), 'closed by popTransactionStack')
  await kit.open()
  await kit.close()
  assert.is(kit.isOpen(), false)
})
modal('setLoading shows in getState().loading; ready() resolves once the adapters started', async () => {
  const kit = kitWith({ adapters: [evm()] })
  kit.setLoading(true)
  assert.is(kit.getState().loading, true)
  kit.setLoading(false, 'eip155')
  assert.is(kit.getState().loading, false)
  await kit.ready()
  assert.equal(Object.keys(kit.getState()).sort(), ['activeChain', 'initialized', 'loading', 'open', 'selectedNetworkId'])
})
modal.run()

const account = suite('instance: account')
account.before.each(resetDom)
account('getAddress, getCaipAddress, getAccount, getIsConnectedState, getAddressByChainNamespace, getWalletInfo', () => {
  const kit = connected()
  assert.is(kit.getAddress(), address)
  assert.is(kit.getCaipAddress(), `eip155:1:${address}`)
  assert.is(kit.getAddress('solana'), undefined)
  assert.is(kit.getAccount().isConnected, true)
  assert.is(kit.getAccount('eip155').status, 'connected')
  assert.is(kit.getIsConnectedState(), true)
  assert.is(kit.getAddressByChainNamespace('eip155'), address)
  assert.is(kit.getAddressByChainNamespace('solana'), undefined)
  assert.equal(kit.getWalletInfo(), { name: 'Test Wallet' })
  assert.equal(kit.getWalletInfo('eip155'), { name: 'Test Wallet' })
  assert.is(kit.getWalletInfo('solana'), undefined)
})
account('getConnections and getRecentConnections: [] unless the multiWallet remote feature is on', () => {
  const kit = connected()
  assert.equal(kit.getConnections('eip155'), [])
  assert.equal(kit.getRecentConnections('eip155'), [])
  kit.updateRemoteFeatures({ multiWallet: true })
  const [connection] = kit.getConnections('eip155')
  assert.is(connection!.connectorId, 'injected')
  assert.equal(connection!.accounts, [{ address }])
  assert.is(connection!.caipNetwork!.id, 1)
  assert.equal(kit.getConnections('solana'), [])
})
account('getPreferredAccountType / setPreferredAccountType, addAddressLabel / removeAddressLabel', () => {
  const kit = connected()
  assert.is(kit.getPreferredAccountType('eip155'), 'smartAccount') // AppKit's defaultAccountTypes
  kit.setPreferredAccountType('eoa', 'eip155')
  assert.is(kit.getPreferredAccountType('eip155'), 'eoa')
  kit.addAddressLabel(address, 'Savings', 'eip155')
  assert.equal(kit.store.accounts.byNamespace.peek().eip155!.addressLabels, { [address]: 'Savings' })
  kit.removeAddressLabel(address, 'eip155')
  assert.is(kit.store.accounts.byNamespace.peek().eip155!.addressLabels![address], undefined)
})
account('disconnect ends the session through the adapter', async () => {
  let disconnected = ''
  const kit = kitWith({ adapters: [evm({ disconnect: async (id: string) => void (disconnected = id) })] })
  setAccountState(kit.store, 'eip155', { address, caipAddress: `eip155:1:${address}`, status: 'connected', connectorId: 'injected' })
  await kit.disconnect()
  assert.is(disconnected, 'injected')
  assert.is(kit.getIsConnectedState(), false)
})
account.run()

const networks = suite('instance: networks')
networks.before.each(resetDom)
networks('getChainId, getCaipNetwork, getCaipNetworkId, getCaipNetworks, getActiveChainNamespace', () => {
  const kit = kitWith({ adapters: [evm()] })
  assert.is(kit.getChainId(), 1)
  assert.is(kit.getCaipNetworkId(), 1)
  assert.is(kit.getCaipNetwork()!.caipNetworkId, 'eip155:1')
  assert.is(kit.getCaipNetwork('eip155', 137)!.caipNetworkId, 'eip155:137')
  assert.is(kit.getCaipNetwork('eip155')!.caipNetworkId, 'eip155:1')
  assert.equal(kit.getCaipNetworks().map((n) => n.id), [1, 137])
  assert.equal(kit.getCaipNetworks('solana'), [])
  assert.is(kit.getActiveChainNamespace(), 'eip155')
  assert.equal(kit.getApprovedCaipNetworkIds(), [])
  assert.equal(kit.getDisabledCaipNetworks(), [])
})
networks('switchNetwork, addNetwork, removeNetwork (only for a namespace with an adapter)', async () => {
  const kit = kitWith({ adapters: [evm()] })
  await kit.switchNetwork(kit.getCaipNetworks()[1]!)
  assert.is(kit.getChainId(), 137)
  kit.addNetwork('eip155', { id: 10, name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } } as never)
  assert.ok(kit.getCaipNetworks().some((n) => n.caipNetworkId === 'eip155:10'))
  kit.removeNetwork('eip155', 10)
  assert.not.ok(kit.getCaipNetworks().some((n) => n.caipNetworkId === 'eip155:10'))
  assert.throws(() => kit.addNetwork('solana', solana as never), /Adapter for namespace solana doesn't exist/)
  assert.throws(() => kit.removeNetwork('solana', solana.id), /Adapter for namespace solana doesn't exist/)
})
networks.run()

const providers = suite('instance: providers')
providers.before.each(resetDom)
providers('getWalletProvider, getWalletProviderType, getProvider, getProviderType, subscribeProviders', async () => {
  const kit = kitWith({ adapters: [evm()] })
  assert.is(kit.getWalletProvider(), undefined)
  const seen: unknown[] = []
  const stop = kit.subscribeProviders((p) => seen.push(p))
  kit.store.connection.connectors.value = [connector]
  setAccountState(kit.store, 'eip155', { address, caipAddress: `eip155:1:${address}`, status: 'connected', connectorId: 'injected' })
  assert.is(kit.getWalletProvider(), provider)
  assert.is(kit.getProvider('eip155'), provider)
  assert.is(kit.getWalletProviderType(), 'INJECTED')
  assert.is(kit.getProviderType('eip155'), 'INJECTED')
  assert.is(kit.getProvider('solana'), undefined)
  assert.equal(seen, [{ eip155: provider }])
  stop()
})
providers('getUniversalProvider: from the WalletConnect chunk; none when WalletConnect is off', async () => {
  const kit = kitWith({ adapters: [evm()] })
  const universal = { session: undefined }
  kit.store.chunks.walletConnect = async () => ({ providerFor: async () => universal }) as never
  assert.is(await kit.getUniversalProvider(), universal)
  const off = kitWith({ adapters: [evm()], enableWalletConnect: false })
  assert.is(await off.getUniversalProvider(), undefined)
})
providers.run()
