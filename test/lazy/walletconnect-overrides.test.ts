// universalProviderConfigOverride: the namespaces the modal asks a WalletConnect wallet for,
// with AppKit's override rules (WcHelpersUtil.applyNamespaceOverrides), on a real store.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { accountFor } from '../../src/signals/account'
import { mainnet, polygon, solana } from '../../src/networks'
import { requestedNamespaces } from '../../src/lazy/walletconnect/namespaces'
import { pairingSucceeded } from '../../src/lazy/walletconnect/session'

const test = suite('walletconnect: universalProviderConfigOverride')
const EVM = '0x1111111111111111111111111111111111111111'

function storeWith(override?: unknown, networks = [mainnet, polygon]) {
  localStorage.clear()
  return createStore(parseOptions({ projectId: 'p', networks, rpcUrls: { 'eip155:1': 'https://one.example', 'eip155:137': 'https://poly.example' }, universalProviderConfigOverride: override }))
}

test('without an override the configured networks are asked for with the default methods', () => {
  const ns = requestedNamespaces(storeWith())
  assert.equal(Object.keys(ns), ['eip155'])
  assert.equal(ns.eip155!.chains, ['eip155:1', 'eip155:137'])
  assert.ok(ns.eip155!.methods.includes('wallet_sendCalls'))
  assert.equal(ns.eip155!.rpcMap, { 1: 'https://one.example', 137: 'https://poly.example' })
})

test('methods, chains and events replace those of their namespace', () => {
  const ns = requestedNamespaces(storeWith({
    methods: { eip155: ['personal_sign'] },
    chains: { eip155: ['eip155:137'] },
    events: { eip155: ['chainChanged'] },
  }))
  assert.equal(ns.eip155, { chains: ['eip155:137'], methods: ['personal_sign'], events: ['chainChanged'], rpcMap: { 1: 'https://one.example', 137: 'https://poly.example' } })
})

test('an rpcMap entry replaces the whole rpcMap of its namespace', () => {
  const ns = requestedNamespaces(storeWith({ rpcMap: { 'eip155:137': 'https://override.example', 'eip155:10': 'https://op.example' } }))
  assert.equal(ns.eip155!.rpcMap, { 137: 'https://override.example', 10: 'https://op.example' })
  assert.equal(ns.eip155!.chains, ['eip155:1', 'eip155:137'], 'chains stay')
})

test('a namespace the site has no network in is asked for, with the default methods and events', () => {
  const ns = requestedNamespaces(storeWith({ chains: { solana: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] } }))
  assert.equal(ns.solana!.chains, ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
  assert.ok(ns.solana!.methods.includes('solana_signMessage'))
  assert.equal(ns.solana!.events, ['accountsChanged', 'chainChanged'])
})

test('the defaults are not changed for the next request', () => {
  requestedNamespaces(storeWith({ methods: { eip155: ['personal_sign'] }, rpcMap: { 'eip155:1': 'https://x.example' } }))
  const ns = requestedNamespaces(storeWith())
  assert.ok(ns.eip155!.methods.length > 1)
  assert.is(ns.eip155!.rpcMap[1], 'https://one.example')
})

test('a wrong shape throws the options error naming the field', () => {
  const store = storeWith({ methods: { eip155: 'personal_sign' } })
  assert.throws(() => requestedNamespaces(store), /universalProviderConfigOverride\.methods\.eip155/)
})

test('defaultChain: the connection lands on it when the session covers it', () => {
  const store = storeWith(undefined, [mainnet, polygon, solana])
  const session = { namespaces: { eip155: { accounts: [`eip155:1:${EVM}`, `eip155:137:${EVM}`] } } }
  pairingSucceeded(store, session, 'qrcode', 'eip155:137')
  assert.is(accountFor(store, 'eip155').caipAddress, `eip155:137:${EVM}`)
  const other = storeWith(undefined, [mainnet, polygon])
  pairingSucceeded(other, session, 'qrcode', 'eip155:10')
  assert.is(accountFor(other, 'eip155').caipAddress, `eip155:1:${EVM}`, 'a chain the session lacks falls back to the chosen network')
})

test.run()
