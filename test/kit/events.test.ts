// AppKit's events emitted where AppKit emits them: INITIALIZE at creation, SELECT_WALLET and
// USER_REJECTED around a browser wallet's connect, SEARCH_WALLET, SET_PREFERRED_ACCOUNT_TYPE
// and INTERNAL_SDK_ERROR.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom } from '../render'
import { connectWallet } from '../../src/signals/wallet'
import { searchWallets } from '../../src/signals/catalogue'
import type { ModalEvent } from '../../src/signals/events'
import { pushView } from '../../src/signals/modal'
import type { ChainAdapter, Connector } from '../../src/types'

const rejecting = { namespace: 'eip155', setup() {}, connect: async () => { throw Object.assign(new Error('User rejected the request.'), { code: 4001 }) } } as unknown as ChainAdapter
const connector: Connector = { id: 'injected', uid: 'eip155:injected', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155' }

function recorder(kit: ReturnType<typeof kitWith>) {
  const seen: ModalEvent[] = []
  kit.subscribeEvents((e) => seen.push(e))
  return seen
}

const test = suite('events')
test.before.each(resetDom)

test('INITIALIZE at createAppKit: the options as given, networks by id, no adapters', () => {
  const kit = kitWith({ adapters: [rejecting], themeMode: 'light' })
  const event = kit.getEvent()
  assert.is(event.data?.event, 'INITIALIZE')
  assert.equal(event.data?.properties?.networks, [1, 137])
  assert.is(event.data?.properties?.themeMode, 'light')
  assert.is(event.data?.properties?.adapters, undefined)
})

test('CLICK_ALL_WALLETS, CLICK_NETWORKS, CLICK_WALLET_HELP, CLICK_NETWORK_HELP when their views open from a button', () => {
  const kit = kitWith({ adapters: [rejecting] })
  const seen = recorder(kit)
  for (const view of ['AllWallets', 'Networks', 'WhatIsAWallet', 'WhatIsANetwork', 'Account'] as const) pushView(kit.store, view)
  assert.equal(seen.map((e) => e.data.event), ['CLICK_ALL_WALLETS', 'CLICK_NETWORKS', 'CLICK_WALLET_HELP', 'CLICK_NETWORK_HELP'])
})

test('SELECT_WALLET then USER_REJECTED (not CONNECT_ERROR) when the wallet refuses', async () => {
  const kit = kitWith({ adapters: [rejecting] })
  const seen = recorder(kit)
  await connectWallet(kit.store, connector).catch(() => undefined)
  assert.equal(seen.map((e) => e.data.event), ['SELECT_WALLET', 'USER_REJECTED'])
  assert.equal(seen[0]!.data.properties, { name: 'Test Wallet', platform: 'browser', view: 'Connect' })
  assert.is(seen[1]!.data.properties?.message, 'User rejected the request.')
})

test('SEARCH_WALLET with the query; SET_PREFERRED_ACCOUNT_TYPE; INTERNAL_SDK_ERROR when the universal provider fails', async () => {
  const kit = kitWith({ adapters: [rejecting] })
  const seen = recorder(kit)
  void searchWallets(kit.store, ' rain ')
  kit.setPreferredAccountType('eoa', 'eip155')
  kit.store.chunks.walletConnect = async () => ({ providerFor: async () => { throw new Error('no relay') } }) as never
  const error = console.error
  console.error = () => {}
  try {
    assert.is(await kit.getUniversalProvider(), undefined)
  } finally {
    console.error = error
  }
  assert.equal(seen.map((e) => e.data.event), ['SEARCH_WALLET', 'SET_PREFERRED_ACCOUNT_TYPE', 'INTERNAL_SDK_ERROR'])
  assert.equal(seen[0]!.data.properties, { badge: '', search: 'rain' })
  assert.equal(seen[1]!.data.properties, { accountType: 'eoa', network: 'eip155:1' })
  assert.equal(seen[2]!.data.properties, { errorType: 'UniversalProviderInitError', errorMessage: 'no relay', uncaught: false })
})

test.run()
