// The pairing and session transitions of lazy/walletconnect/session.ts, on a real store.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore, type Store } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { accountFor } from '../../src/signals/account'
import { subscribeEvents, type ModalEvent } from '../../src/signals/events'
import { walletConnectState } from '../../src/signals/walletconnect-pairing'
import { readStored, writeStored } from '../../src/utils/storage'
import { STORAGE_KEYS } from '../../src/utils/storage-keys'
import { mainnet, polygon, solana } from '../../src/networks'
import * as v from 'valibot'
import {
  applySession,
  beginPairing,
  pairingFailed,
  pairingSucceeded,
  resetWalletConnect,
  sessionAccounts,
  sessionEnded,
  setPairingUri,
} from '../../src/lazy/walletconnect/session'

const EVM = '0x1111111111111111111111111111111111111111'
const EVM2 = '0x2222222222222222222222222222222222222222'
const SOL = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const URI = (expiry: number) => `wc:${'c'.repeat(64)}@2?relay-protocol=irn&symKey=${'d'.repeat(64)}&expiryTimestamp=${expiry}`
const WALLET = { id: 'trust', name: 'Trust Wallet', mobile_link: 'trust://' }

function storeWith(networks = [mainnet, polygon, solana]): Store {
  localStorage.clear()
  return createStore(parseOptions({ projectId: 'p', networks }))
}

function session(accounts: string[], name = 'Test Wallet') {
  const namespaces: Record<string, { accounts: string[] }> = {}
  for (const a of accounts) (namespaces[a.split(':')[0]!] ??= { accounts: [] }).accounts.push(a)
  return { namespaces, peer: { metadata: { name, icons: ['https://wallet.example/icon.png'] } } }
}

function events(store: Store): ModalEvent[] {
  const seen: ModalEvent[] = []
  subscribeEvents(store, (e) => seen.push(e))
  return seen
}

const pairing = suite('walletconnect pairing transitions')

pairing('behavior: a URI expires at its own expiry or after the lifetime, whichever is first', () => {
  const store = storeWith()
  const now = 1_700_000_000_000
  beginPairing(store)
  assert.ok(setPairingUri(store, URI(now / 1000 + 300), 240_000, now))
  assert.is(walletConnectState(store).expiresAt.peek(), now + 240_000)
  assert.ok(setPairingUri(store, URI(now / 1000 + 60), 240_000, now))
  assert.is(walletConnectState(store).expiresAt.peek(), now + 60_000)
  assert.is(setPairingUri(store, 'wc:nonsense', 240_000, now), false)
  assert.is(walletConnectState(store).uri.peek(), URI(now / 1000 + 60))
})

pairing('behavior: each attempt silences the earlier ones and marks the connection connecting', () => {
  const store = storeWith()
  const first = beginPairing(store, WALLET)
  const second = beginPairing(store)
  assert.ok(second > first)
  assert.is(walletConnectState(store).status.peek(), 'pairing')
  assert.is(walletConnectState(store).recentWallet.peek()?.id, 'trust')
  assert.is(store.connection.status.peek(), 'connecting')
})

pairing('behavior: rejection, expiry and reset give the retry states with their messages', () => {
  const store = storeWith()
  const seen = events(store)
  const wc = walletConnectState(store)
  for (const [error, status] of [
    [{ code: 5000, message: 'User rejected.' }, 'rejected'],
    [{ code: 4001, message: 'denied' }, 'rejected'],
    [new Error('connection request reset'), 'rejected'],
    [new Error('Proposal expired'), 'expired'],
    [new Error('Request expired. Please try again.'), 'expired'],
    [new Error('No internet connection detected. Please restart your network and try again.'), 'error'],
  ] as const) {
    beginPairing(store)
    setPairingUri(store, URI(Math.floor(Date.now() / 1000) + 300))
    pairingFailed(store, error)
    assert.is(wc.status.peek(), status, error.message)
    assert.is(wc.error.peek(), error.message)
    assert.is(wc.uri.peek(), undefined)
    assert.is(store.connection.status.peek(), 'disconnected')
  }
  // As AppKit's WalletConnect view: a refusal is USER_REJECTED, the rest CONNECT_ERROR, each with the error's message.
  assert.equal(seen.map((e) => e.data.event), [...Array(3).fill('USER_REJECTED'), ...Array(3).fill('CONNECT_ERROR')])
  assert.equal(seen[0]!.data.properties, { message: 'User rejected.' })
})

pairing('behavior: reset clears URI, expiry, linking, recent wallet and deep link', () => {
  const store = storeWith()
  const wc = walletConnectState(store)
  beginPairing(store, WALLET)
  setPairingUri(store, URI(Math.floor(Date.now() / 1000) + 300))
  wc.linking.value = { name: 'Trust Wallet', href: 'trust://' }
  writeStored(STORAGE_KEYS.deepLink, { name: 'Trust Wallet', href: 'trust://' })
  resetWalletConnect(store)
  assert.is(wc.uri.peek(), undefined)
  assert.is(wc.expiresAt.peek(), undefined)
  assert.is(wc.linking.peek(), undefined)
  assert.is(wc.recentWallet.peek(), undefined)
  assert.is(wc.status.peek(), 'idle')
  assert.is(localStorage.getItem(STORAGE_KEYS.deepLink), null)
  assert.is(store.connection.status.peek(), 'disconnected')
})

pairing('behavior: success stores the deep link and the recent wallet and tracks connect success', () => {
  const store = storeWith()
  const seen = events(store)
  const wc = walletConnectState(store)
  beginPairing(store, WALLET as never)
  wc.linking.value = { name: 'Trust Wallet', href: 'trust://' }
  const namespaces = pairingSucceeded(store, session([`eip155:1:${EVM}`]), 'mobile')
  assert.equal(namespaces, ['eip155'])
  assert.is(wc.status.peek(), 'connected')
  assert.equal(readStored(STORAGE_KEYS.deepLink, v.unknown()), { name: 'Trust Wallet', href: 'trust://' })
  assert.equal((readStored(STORAGE_KEYS.recentWallets, v.array(v.looseObject({ id: v.string() }))) ?? []).map((w) => w.id), ['trust'])
  assert.equal(store.wallets.recent.peek().map((w) => w.id), ['trust'])
  assert.is(readStored(STORAGE_KEYS.recentConnectorId, v.string()), 'walletConnect')
  assert.equal(readStored(STORAGE_KEYS.walletConnectSession, v.unknown()), ['eip155'])
  assert.equal(seen.at(-1)!.data, { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'mobile', name: 'Trust Wallet' } })
  assert.is(store.connection.status.peek(), 'connected')
})

pairing.run()

const sessions = suite('walletconnect sessions in state')

sessions('behavior: sessionAccounts keeps CAIP-10 accounts of known namespaces only', () => {
  assert.equal(sessionAccounts({
    eip155: { accounts: [`eip155:1:${EVM}`, `eip155:137:${EVM}`, 'eip155:1', `eip155::${EVM}`, `eip155:1:${EVM}:x`] },
    solana: { accounts: [`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`] },
    near: { accounts: ['near:mainnet:alice.near'] },
  }), [
    { namespace: 'eip155', accounts: [{ chainId: '1', address: EVM }, { chainId: '137', address: EVM }] },
    { namespace: 'solana', accounts: [{ chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: SOL }] },
  ])
  assert.equal(sessionAccounts('nonsense'), [])
})

sessions('behavior: eip155 and solana accounts are written per namespace; the active namespace stays', () => {
  const store = storeWith()
  applySession(store, session([`eip155:137:${EVM}`, `eip155:1:${EVM}`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`]))
  const evm = accountFor(store, 'eip155')
  assert.is(evm.caipAddress, `eip155:1:${EVM}`, 'the chosen network (mainnet) wins over the session order')
  assert.is(evm.connectorId, 'walletConnect')
  assert.equal(evm.connectedWalletInfo, { name: 'Test Wallet', icon: 'https://wallet.example/icon.png' })
  assert.is(accountFor(store, 'solana').caipAddress, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`)
  assert.is(store.network.activeNamespace.peek(), 'eip155')
  assert.equal([...store.connection.connections.peek().keys()].sort(), ['solana:walletConnect', 'walletConnect'])
  assert.is(store.connection.activeConnectorUid.peek(), 'walletConnect')
})

sessions('behavior: namespaces the site did not configure are ignored', () => {
  const store = storeWith([mainnet])
  assert.equal(applySession(store, session([`eip155:1:${EVM}`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`])), ['eip155'])
  assert.is(accountFor(store, 'solana').address, undefined)
})

sessions('behavior: a session update moves accounts and drops namespaces it no longer covers', () => {
  const store = storeWith()
  applySession(store, session([`eip155:1:${EVM}`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`]))
  applySession(store, session([`eip155:1:${EVM2}`, `eip155:1:${EVM}`]))
  assert.is(accountFor(store, 'eip155').address, EVM, 'the account in use stays when the session still has it')
  assert.equal(accountFor(store, 'eip155').allAccounts, [{ address: EVM2 }, { address: EVM }])
  assert.is(accountFor(store, 'solana').address, undefined)
  assert.equal([...store.connection.connections.peek().keys()], ['walletConnect'])
})

sessions('behavior: the session ending disconnects every namespace it served', () => {
  const store = storeWith()
  store.drivers.set('walletConnect', {} as never)
  applySession(store, session([`eip155:1:${EVM}`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`]))
  sessionEnded(store)
  assert.is(accountFor(store, 'eip155').address, undefined)
  assert.is(accountFor(store, 'solana').address, undefined)
  assert.is(store.connection.status.peek(), 'disconnected')
  assert.is(store.drivers.has('walletConnect'), false)
  assert.is(localStorage.getItem(STORAGE_KEYS.walletConnectSession), null)
  assert.is(readStored(STORAGE_KEYS.disconnected, v.boolean()), true)
})

sessions.run()
