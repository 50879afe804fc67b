// AppKit 1.8's state, theme, event and subscription methods, and its option setters.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom, waitFor } from '../render'
import { setAccountState } from '../../src/signals/account'
import { emitEvent } from '../../src/signals/events'
import { connectWallet } from '../../src/signals/wallet'
import type { ChainAdapter } from '../../src/types'

const adapter = { namespace: 'eip155', setup() {}, getProvider: () => undefined } as unknown as ChainAdapter
const address = '0x00000000000000000000000000000000000000a1'
const other = '0x00000000000000000000000000000000000000b2'

const state = suite('instance: state and events')
state.before.each(resetDom)
state('getState / subscribeState follow open and loading', async () => {
  const kit = kitWith({ adapters: [adapter] })
  const seen: boolean[] = []
  const stop = kit.subscribeState((s) => seen.push(s.open))
  await kit.open()
  await kit.close()
  stop()
  assert.equal(seen, [true, false])
  assert.is(kit.getState().selectedNetworkId, 'eip155:1')
  assert.is(kit.getState().activeChain, 'eip155')
})
state('getEvent returns the last event with its timestamp; subscribeEvents sees each', () => {
  const kit = kitWith({ adapters: [adapter] })
  const events: string[] = []
  const stop = kit.subscribeEvents((e) => events.push(e.data.event))
  emitEvent(kit.store, 'MODAL_OPEN', { connected: false })
  const last = kit.getEvent()
  assert.is(last.data?.event, 'MODAL_OPEN')
  assert.type(last.timestamp, 'number')
  assert.equal(last.reportedErrors, {})
  stop()
  emitEvent(kit.store, 'MODAL_CLOSE')
  assert.equal(events, ['MODAL_OPEN'])
})
state('theme: getThemeMode, setThemeMode, getThemeVariables, setThemeVariables, subscribeTheme', () => {
  const kit = kitWith({ adapters: [adapter], themeMode: 'dark' })
  const seen: string[] = []
  const stop = kit.subscribeTheme((t) => seen.push(`${t.themeMode}:${t.themeVariables['--w3m-accent'] ?? '-'}`))
  kit.setThemeMode('light')
  kit.setThemeVariables({ '--w3m-accent': '#ff0000' })
  assert.is(kit.getThemeMode(), 'light')
  assert.is(kit.getThemeVariables()['--w3m-accent'], '#ff0000')
  stop()
  assert.equal(seen, ['light:-', 'light:#ff0000'])
})
state.run()

const subs = suite('instance: subscriptions')
subs.before.each(resetDom)
subs('subscribeAccount, subscribeWalletInfo, subscribeShouldUpdateToAddress', () => {
  const kit = kitWith({ adapters: [adapter] })
  const accounts: (string | undefined)[] = []
  const infos: (string | undefined)[] = []
  const switched: string[] = []
  const stops = [
    kit.subscribeAccount((a) => accounts.push(a.address)),
    kit.subscribeWalletInfo((i) => infos.push(i?.name)),
    kit.subscribeShouldUpdateToAddress((a) => switched.push(a!)),
  ]
  setAccountState(kit.store, 'eip155', { address, status: 'connected', connectedWalletInfo: { name: 'W' } })
  setAccountState(kit.store, 'eip155', { address: other })
  stops.forEach((stop) => stop())
  setAccountState(kit.store, 'eip155', { address })
  assert.equal(accounts, [address, other])
  assert.equal(infos, ['W'])
  assert.equal(switched, [address, other])
})
subs('subscribeNetwork, subscribeCaipNetworkChange, subscribeConnections', async () => {
  const kit = kitWith({ adapters: [adapter] })
  const networks: (string | number)[] = []
  const changes: (string | undefined)[] = []
  const connections: number[] = []
  const stops = [
    kit.subscribeNetwork((n) => networks.push(n.chainId)),
    kit.subscribeCaipNetworkChange((n) => changes.push(n?.caipNetworkId)),
    kit.subscribeConnections((c) => connections.push(c.connections.length)),
  ]
  await kit.switchNetwork(kit.getCaipNetworks()[1]!)
  kit.store.connection.connections.value = new Map([['eip155:x', { connectorId: 'x', namespace: 'eip155', accounts: [{ address }], chainId: 137 }]])
  stops.forEach((stop) => stop())
  assert.equal(networks, [137])
  assert.equal(changes, ['eip155:137'])
  assert.equal(connections, [1])
})
subs("behavior: as AppKit's, subscribeNetwork calls back at connect and disconnect, subscribeState and subscribeAccount at disconnect", async () => {
  const wallet = {
    namespace: 'eip155',
    setup() {},
    async connect() { return { address, chainId: 1 } },
    async disconnect() {},
    getProvider: () => ({}),
  } as unknown as ChainAdapter
  const kit = kitWith({ adapters: [wallet] })
  const seen: string[] = []
  const stops = [
    kit.subscribeNetwork((n) => seen.push(`network ${n.chainId} connected=${kit.getIsConnectedState()}`)),
    kit.subscribeState((s) => seen.push(`state loading=${s.loading} connected=${kit.getIsConnectedState()}`)),
    kit.subscribeAccount((a) => seen.push(`account ${a.isConnected}`)),
  ]
  await connectWallet(kit.store, { id: 'w', uid: 'eip155:w', name: 'W', type: 'ANNOUNCED', chain: 'eip155' })
  assert.ok(seen.includes('network 1 connected=true'), seen.join('; '))
  seen.length = 0
  await kit.disconnect()
  stops.forEach((stop) => stop())
  assert.ok(seen.includes('network 1 connected=false'), seen.join('; '))
  assert.ok(seen.includes('account false'), seen.join('; '))
  assert.ok(seen.includes('state loading=true connected=true'), seen.join('; '))
  // The last state call sees the account gone, as a site hiding its connected-only buttons needs.
  assert.is(seen.filter((s) => s.startsWith('state')).at(-1), 'state loading=false connected=false')
  assert.is(kit.getState().loading, false)
})
subs('getRemoteFeatures, updateRemoteFeatures, subscribeRemoteFeatures', () => {
  const kit = kitWith({ adapters: [adapter] })
  assert.is(kit.getRemoteFeatures().multiWallet, false)
  const seen: unknown[] = []
  const stop = kit.subscribeRemoteFeatures((f) => seen.push(f.multiWallet))
  kit.updateRemoteFeatures({ multiWallet: true })
  stop()
  assert.equal(seen, [true])
})
subs.run()

const setters = suite('instance: option setters and messages')
setters.before.each(resetDom)
setters('updateOptions, updateFeatures and the set* shorthands change the options the modal reads', async () => {
  const kit = kitWith({ adapters: [adapter] })
  kit.setTermsConditionsUrl('https://example.com/terms')
  kit.setPrivacyPolicyUrl('https://example.com/privacy')
  kit.setCollapseWallets(true)
  kit.setConnectMethodsOrder(['wallet', 'email', 'social'])
  kit.setWalletFeaturesOrder(['receive', 'send'] as never)
  kit.setSocialsOrder(['github', 'google'] as never)
  kit.updateFeatures({ legalCheckbox: true })
  kit.updateOptions({ allowUnsupportedChain: true })
  const options = kit.store.options
  await waitFor(() => options.allowUnsupportedChain === true, 'the setters ran')
  assert.is(options.termsConditionsUrl, 'https://example.com/terms')
  assert.is(options.privacyPolicyUrl, 'https://example.com/privacy')
  assert.is(options.features.collapseWallets, true)
  assert.equal(options.features.connectMethodsOrder, ['wallet', 'email', 'social'])
  assert.equal(options.features.walletFeaturesOrder, ['receive', 'send'])
  assert.equal(options.features.socials, ['github', 'google'])
  assert.is(options.features.legalCheckbox, true)
})
setters('showErrorMessage and showSuccessMessage show a toast; getSIWX returns the siwx option', async () => {
  const siwx = { createMessage: async () => ({}), addSession: async () => {}, revokeSession: async () => {}, setSessions: async () => {}, getSessions: async () => [] }
  const kit = kitWith({ adapters: [adapter], siwx } as never)
  kit.showErrorMessage('Something broke')
  await waitFor(() => kit.store.toast.current.peek()?.message === 'Something broke', 'error toast')
  assert.is(kit.store.toast.current.peek()!.variant, 'error')
  kit.showSuccessMessage('Saved')
  await waitFor(() => kit.store.toast.current.peek()?.message === 'Saved', 'success toast')
  assert.is(kit.store.toast.current.peek()!.variant, 'success')
  assert.is(kit.getSIWX(), kit.store.options.siwx)
  assert.ok(kit.getSIWX())
  assert.is(kitWith({ adapters: [adapter] }).getSIWX(), undefined)
})
setters.run()
