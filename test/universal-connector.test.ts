// postern/universal-connector against AppKit 1.8's @reown/appkit-universal-connector: its names,
// the namespaces connect() asks for, and the modal following a site's own pairing (manualWCControl).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { EventEmitter } from 'node:events'
import * as entry from '../src/universal-connector'
import { namespacesOf, UniversalConnector } from '../src/universal-connector'
import { createStore } from '../src/signals/store'
import { parseOptions } from '../src/signals/options'
import { walletConnectState } from '../src/signals/walletconnect-pairing'
import { followSiteConnect, showSiteUri } from '../src/lazy/walletconnect/manual'
import { requestedNamespaces } from '../src/lazy/walletconnect/namespaces'
import { findNetwork } from '../src/signals/network'

const test = suite('postern/universal-connector')

const ton = { id: -239, chainNamespace: 'ton' as const, caipNetworkId: 'ton:-239' as const, name: 'TON', nativeCurrency: { name: 'TON', symbol: 'TON', decimals: 9 }, rpcUrls: { default: { http: ['https://toncenter.com/api/v2/jsonRPC'] } } }
const sui = { id: 784, chainNamespace: 'sui' as const, caipNetworkId: 'sui:mainnet' as const, name: 'Sui', nativeCurrency: { name: 'SUI', symbol: 'SUI', decimals: 9 }, rpcUrls: { default: { http: ['https://fullnode.mainnet.sui.io:443'] } } }
const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=${Math.floor(Date.now() / 1000) + 300}`

test('exports: AppKit\'s names (UniversalConnector with init, connect, disconnect, request, provider)', () => {
  assert.type(entry.UniversalConnector, 'function')
  assert.type(UniversalConnector.init, 'function')
  for (const method of ['connect', 'disconnect', 'request']) assert.type((UniversalConnector.prototype as unknown as Record<string, unknown>)[method], 'function', method)
})

test('connect() asks for each configured namespace: its methods, events and CAIP-2 chains, as AppKit builds them', () => {
  const ns = namespacesOf([
    { namespace: 'ton', chains: [ton], methods: ['ton_signData'], events: [] },
    { namespace: 'sui', chains: [sui], methods: ['sui_signPersonalMessage'], events: ['accountsChanged'] },
  ])
  assert.equal(Object.keys(ns), ['ton', 'sui'])
  assert.equal(ns.ton!.chains, ['ton:-239'])
  assert.equal(ns.ton!.methods, ['ton_signData'])
  assert.equal(ns.sui!.chains, ['sui:mainnet'])
  assert.equal(ns.sui!.events, ['accountsChanged'])
})

test('a custom network keeps its CAIP-2 id (sui:mainnet with id 784) and a session chain finds it', () => {
  const options = parseOptions({ projectId: 'p', networks: [sui, ton] })
  assert.equal(options.networks.map((n) => n.caipNetworkId), ['sui:mainnet', 'ton:-239'])
  assert.is(findNetwork(options.networks, 'mainnet', 'sui')?.name, 'Sui')
  // A CAIP id of another namespace is not taken: the network's own namespace and id decide.
  assert.is(parseOptions({ projectId: 'p', networks: [{ ...sui, caipNetworkId: 'eip155:784' as never }] }).networks[0]!.caipNetworkId, 'sui:784')
})

test('the modal\'s own pairing asks for every configured namespace (TON with AppKit\'s default methods)', () => {
  localStorage.clear()
  const ns = requestedNamespaces(createStore(parseOptions({ projectId: 'p', networks: [ton, sui] })))
  assert.equal(ns.ton!.methods, ['ton_sendMessage', 'ton_signData'])
  assert.equal(ns.ton!.chains, ['ton:-239'])
  assert.equal(ns.sui!.chains, ['sui:mainnet'])
})

test('behavior: manualWCControl shows the URI the site\'s provider announces and takes up the session its connect() makes', () => {
  localStorage.clear()
  const store = createStore(parseOptions({ projectId: 'p', networks: [ton], manualWCControl: true }))
  const provider = Object.assign(new EventEmitter(), { session: undefined as unknown })
  const finished: unknown[] = []
  followSiteConnect(store, provider as never, () => 240_000, (s) => finished.push(s), () => undefined)
  provider.emit('display_uri', 'not a uri')
  assert.is(walletConnectState(store).uri.peek(), undefined, 'a malformed URI is not shown')
  provider.emit('display_uri', URI)
  assert.is(walletConnectState(store).uri.peek(), URI)
  assert.is(walletConnectState(store).status.peek(), 'pairing')
  provider.session = { topic: 't', namespaces: { ton: { accounts: ['ton:-239:UQabc'] } } }
  provider.emit('connect', { session: provider.session })
  assert.equal(finished, [provider.session])
})

test('behavior: open({ uri }) hands the site\'s URI to the view; the same URI twice is one pairing', () => {
  localStorage.clear()
  const store = createStore(parseOptions({ projectId: 'p', networks: [ton], manualWCControl: true }))
  showSiteUri(store, URI, 240_000)
  const attempt = walletConnectState(store).attempt.value
  showSiteUri(store, URI, 240_000)
  assert.is(walletConnectState(store).attempt.value, attempt)
  assert.is(walletConnectState(store).uri.peek(), URI)
})

test.run()
