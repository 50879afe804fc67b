// AppKit 1.8's account setters and the methods that read or refresh the account
// (appkit-base-client.ts): each checked against the store, the getters, the subscribers and
// the account button that read it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom, waitFor } from '../render'
import { setAccountState } from '../../src/signals/account'
import { arbitrumSepolia, mainnet, polygon } from '../../src/networks'
import { startChains, demoAddresses, type LocalChains } from '../../dev/chains/index.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import type { AccountSnapshot } from '../../src/kit'
import type { ChainAdapter, Connector, Network } from '../../src/types'

const address = '0x00000000000000000000000000000000000000a1'
const connector: Connector = { id: 'injected', uid: 'eip155:injected', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155' }
// A namespace adapter whose balance read answers by network, so updateNativeBalance's network is visible.
const evm = () =>
  ({
    namespace: 'eip155', setup() {}, disconnect: async () => {}, getProvider: () => undefined,
    getBalance: async (_address: string, network: Network) => ({ balance: network.id === 137 ? '7.5' : '1.25', symbol: network.nativeCurrency.symbol }),
  }) as unknown as ChainAdapter

async function connected(extra: Record<string, unknown> = {}) {
  const kit = kitWith({ adapters: [evm()], ...extra })
  await kit.ready() // the runtime is in: the setters apply at once from here
  kit.store.connection.connectors.value = [connector]
  setAccountState(kit.store, 'eip155', { address, caipAddress: `eip155:1:${address}`, status: 'connected', connectorId: 'injected', allAccounts: [] })
  return kit
}

function accountButton(): HTMLElement {
  const button = document.createElement('appkit-account-button')
  document.body.append(button)
  return button
}
const buttonText = (el: HTMLElement) => el.shadowRoot?.querySelector('button')?.textContent ?? ''

const setters = suite('instance: account setters')
setters.before.each(resetDom)

setters('setProfileName and setProfileImage change the account, its subscribers and the account button', async () => {
  const kit = await connected()
  const button = accountButton()
  await waitFor(() => buttonText(button).includes('0x00'), 'the truncated address on the button')
  const seen: AccountSnapshot[] = []
  const stop = kit.subscribeAccount((a) => seen.push(a))
  kit.setProfileName('alice.postern', 'eip155')
  kit.setProfileImage('https://example.com/alice.png', 'eip155')
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.profileName, 'alice.postern')
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.profileImage, 'https://example.com/alice.png')
  await waitFor(() => buttonText(button).includes('alice.postern'), 'the name on the button')
  kit.setProfileName(null, 'eip155')
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.profileName, undefined)
  await waitFor(() => !buttonText(button).includes('alice.postern'), 'the name gone from the button')
  kit.setStatus('reconnecting', 'eip155')
  assert.is(kit.getAccount().status, 'reconnecting')
  assert.is(localStorage.getItem('@postern/connection_status'), '"disconnected"') // no namespace connected: the next visit does not reconnect
  assert.is(kit.getAccount().isConnected, false)
  assert.is(seen.at(-1)?.status, 'reconnecting')
  stop()
})

setters('setBalance shows on the account button; setUser, setAddressExplorerUrl, setSmartAccountDeployed and setConnectedWalletInfo reach the getters', async () => {
  const kit = await connected()
  const button = accountButton()
  kit.setBalance('12.3456', 'ETH', 'eip155')
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.balanceSymbol, 'ETH')
  await waitFor(() => buttonText(button).includes('12.345 ETH'), 'the balance on the button')
  kit.setUser({ email: 'a@example.com' }, 'eip155')
  assert.equal(kit.store.accounts.byNamespace.peek().eip155?.user, { email: 'a@example.com' })
  kit.setAddressExplorerUrl('https://etherscan.io/address/x', 'eip155')
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.addressExplorerUrl, 'https://etherscan.io/address/x')
  kit.setSmartAccountDeployed(true, 'eip155')
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.smartAccountDeployed, true)
  const infos: unknown[] = []
  const stop = kit.subscribeWalletInfo((info) => infos.push(info))
  kit.setConnectedWalletInfo({ name: 'Other Wallet', icon: 'https://example.com/w.png' }, 'eip155')
  // AppKit adds the provider's type.
  assert.equal(kit.getWalletInfo(), { name: 'Other Wallet', icon: 'https://example.com/w.png', type: 'INJECTED' })
  assert.is(infos.length, 1)
  kit.setConnectedWalletInfo(null, 'eip155')
  assert.is(kit.getWalletInfo(), undefined)
  stop()
})

setters('setCaipAddress sets the address; one that is not CAIP-10 is refused; resetAccount disconnects the namespace', async () => {
  const kit = await connected()
  const other = '0x00000000000000000000000000000000000000b2'
  kit.setCaipAddress(`eip155:1:${other}`, 'eip155')
  assert.is(kit.getAddress(), other)
  assert.is(kit.getCaipAddress(), `eip155:1:${other}`)
  const warn = console.warn
  const warnings: unknown[] = []
  console.warn = (...args: unknown[]) => void warnings.push(args)
  try {
    kit.setCaipAddress('eip155:1' as never, 'eip155')
  } finally {
    console.warn = warn
  }
  assert.is(warnings.length, 1)
  assert.is(kit.getAddress(), other)
  kit.setPreferredAccountType('eoa', 'eip155')
  kit.resetAccount('eip155')
  assert.is(kit.getAddress(), undefined)
  assert.is(kit.getAccount().status, 'disconnected')
  assert.is(kit.getWalletInfo(), undefined)
  // The preferred type falls back to the site's default, as AppKit's resetAccount does.
  assert.is(kit.getPreferredAccountType('eip155'), 'smartAccount')
})

setters('setCaipNetworkOfNamespace sets the namespace network getCaipNetwork reads', async () => {
  const kit = await connected()
  assert.is(kit.getCaipNetwork('eip155')?.id, 1)
  kit.setCaipNetworkOfNamespace(polygon, 'eip155')
  assert.is(kit.getCaipNetwork('eip155')?.id, 137)
  assert.is(kit.getCaipNetwork()?.id, 1) // the active network is not changed
})

setters('before the runtime is in, a setter applies once it arrives', async () => {
  const kit = kitWith({ adapters: [evm()] })
  const pending = kit.setProfileName('early.postern', 'eip155') as unknown
  await pending
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.profileName, 'early.postern')
})

setters('getError, getConnectMethodsOrder (the site\'s, else wallets first with an installed wallet)', async () => {
  const kit = await connected()
  assert.is(kit.getError(), '')
  assert.equal(kit.getConnectMethodsOrder(), ['wallet', 'email', 'social'])
  kit.store.connection.connectors.value = []
  assert.equal(kit.getConnectMethodsOrder(), ['email', 'social', 'wallet'])
  const ordered = kitWith({ features: { connectMethodsOrder: ['social', 'wallet', 'email'] } })
  assert.equal(ordered.getConnectMethodsOrder(), ['social', 'wallet', 'email'])
})

setters('updateNativeBalance reads through the namespace adapter and sets the balance', async () => {
  const kit = await connected({ networks: [mainnet, polygon] })
  const result = await kit.updateNativeBalance(address, 137, 'eip155')
  assert.equal(result, { balance: '7.5', symbol: 'POL' })
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.balance, '7.5')
  assert.is(await kit.updateNativeBalance(address, 1, 'solana'), undefined) // no solana adapter
})

setters('handleUnsafeRPCRequest opens ApproveTransaction when closed', async () => {
  const kit = await connected()
  await kit.handleUnsafeRPCRequest()
  await waitFor(() => kit.isOpen(), 'the modal open')
  assert.is(kit.store.modal.stack.peek().at(-1)?.view, 'ApproveTransaction')
})
setters.run()

const identity = suite('instance: syncIdentity')
let chains: LocalChains
let api: ApiServer
identity.before(async () => {
  chains = await startChains()
  api = await startApiServer({ chains: chains.chains })
})
identity.after(async () => {
  await api?.stop()
  await chains?.stop()
})
identity.before.each(resetDom)
identity('syncIdentity looks the name up on the reference API; a testnet clears it; other namespaces are left', async () => {
  const kit = await connected({ blockchainApiUrl: api.url, networks: [mainnet, arbitrumSepolia] })
  const demo = demoAddresses()[0]!
  await kit.syncIdentity({ address: demo, chainId: 1, chainNamespace: 'eip155' })
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.profileName, 'demo.postern')
  await kit.syncIdentity({ address: demo, chainId: arbitrumSepolia.id, chainNamespace: 'eip155' })
  assert.is(kit.store.accounts.byNamespace.peek().eip155?.profileName, undefined)
  await kit.syncIdentity({ address: demo, chainId: 1, chainNamespace: 'solana' })
  assert.is(kit.store.accounts.byNamespace.peek().solana, undefined)
})
identity.run()
