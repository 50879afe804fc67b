import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  isPairingExpired,
  mobileLink,
  PAIRING_EXPIRY_MARGIN_MS,
  parseWcUri,
  storeLinks,
  walletConnectConnector,
  walletConnectState,
  walletLink,
  walletScheme,
  wcLink,
} from '../../src/signals/walletconnect-pairing'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { mainnet, polygon, solana } from '../../src/networks'

const TOPIC = 'a'.repeat(64)
const KEY = 'b'.repeat(64)
const URI = `wc:${TOPIC}@2?relay-protocol=irn&symKey=${KEY}&expiryTimestamp=1900000000`
const ENCODED = encodeURIComponent(URI)

const uris = suite('walletconnect pairing URIs')

uris('default: a v2 URI gives its topic and expiry', () => {
  assert.equal(parseWcUri(URI), { topic: TOPIC, expiresAt: 1_900_000_000_000 })
})

uris('parameters: no expiryTimestamp gives no expiry', () => {
  assert.equal(parseWcUri(`wc:${TOPIC}@2?relay-protocol=irn&symKey=${KEY}`), { topic: TOPIC, expiresAt: undefined })
})

uris('behavior: v1 URIs, missing keys and other schemes are refused', () => {
  for (const bad of [
    `wc:${TOPIC}@1?bridge=https%3A%2F%2Fb.example&key=${KEY}`,
    `wc:${TOPIC}@2?relay-protocol=irn`,
    `wc:${TOPIC}@2?symKey=${KEY}`,
    `wc:${TOPIC}@2?relay-protocol=irn&symKey=xyz`,
    `javascript:alert(1)//wc:${TOPIC}@2?relay-protocol=irn&symKey=${KEY}`,
    `wc:${TOPIC.slice(1)}@2?relay-protocol=irn&symKey=${KEY}`,
    42,
    undefined,
  ]) assert.is(parseWcUri(bad), undefined, String(bad))
})

uris('behavior: a pairing counts as expired when 10 s or less remain', () => {
  const now = 1_000_000
  assert.is(PAIRING_EXPIRY_MARGIN_MS, 10_000)
  assert.is(isPairingExpired(now + 10_001, now), false)
  assert.is(isPairingExpired(now + 10_000, now), true)
  assert.is(isPairingExpired(now + 5_000, now), true)
  assert.is(isPairingExpired(now - 1, now), true)
  assert.is(isPairingExpired(undefined, now), true)
})

uris.run()

const links = suite('walletconnect wallet links')

links('behavior: a universal link gets wc?uri= with the URI encoded once', () => {
  assert.equal(walletLink('https://link.trustwallet.com', URI), {
    href: 'https://link.trustwallet.com/',
    redirect: `https://link.trustwallet.com/wc?uri=${ENCODED}`,
  })
  assert.equal(walletLink('https://metamask.app.link/', URI)?.redirect, `https://metamask.app.link/wc?uri=${ENCODED}`)
})

links('behavior: native schemes become scheme://wc?uri=, with or without ://', () => {
  assert.equal(walletLink('trust://', URI), { href: 'trust://', redirect: `trust://wc?uri=${ENCODED}` })
  assert.equal(walletLink('rainbow:', URI), { href: 'rainbow://', redirect: `rainbow://wc?uri=${ENCODED}` })
  assert.equal(walletLink('zerion', URI), { href: 'zerion://', redirect: `zerion://wc?uri=${ENCODED}` })
  assert.equal(walletLink('ledgerlive://', URI)?.redirect, `ledgerlive://wc?uri=${ENCODED}`)
})

links('behavior: the encoded URI survives a round trip through the link', () => {
  const redirect = walletLink('https://link.example.app/', URI)!.redirect
  assert.is(new URL(redirect).searchParams.get('uri'), URI)
})

links('behavior: only https, http on loopback and the wallet\'s own scheme come out', () => {
  for (const bad of ['javascript:alert(1)', 'javascript://x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'http://evil.example', 'blob:x', '', null, undefined]) {
    assert.is(walletLink(bad as string, URI), undefined, String(bad))
  }
  assert.ok(walletLink('http://127.0.0.1:8080/w', URI))
  assert.is(walletLink('trust://', 'not a uri'), undefined)
})

links('behavior: walletScheme is the custom scheme only', () => {
  assert.is(walletScheme('trust://'), 'trust')
  assert.is(walletScheme('MetaMask://x'), 'metamask')
  assert.is(walletScheme('https://x.example'), undefined)
  assert.is(walletScheme('javascript:x'), undefined)
  assert.is(walletScheme('wc:abc'), undefined)
})

links('behavior: wcLink is the bare pairing URI under wc: only', () => {
  assert.is(wcLink(URI), URI)
  assert.is(wcLink('javascript:alert(1)'), undefined)
})

links('behavior: store links are https only', () => {
  assert.equal(
    storeLinks({ id: 'w', name: 'W', app_store: 'https://apps.apple.com/app/w', play_store: 'http://play.example', chrome_store: 'javascript:alert(1)' }),
    [{ label: 'App Store', href: 'https://apps.apple.com/app/w', type: 'app_store' }],
  )
  assert.equal(storeLinks(undefined), [])
})

links.run()

const slice = suite('walletconnect slice and connector')

slice('behavior: the slice is created on first use and kept', () => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet] }))
  assert.is(store.walletConnect, undefined)
  const state = walletConnectState(store)
  assert.is(walletConnectState(store), state)
  assert.is(state.status.peek(), 'idle')
  assert.is(state.uri.peek(), undefined)
})

slice('behavior: the first namespace keeps the plain uid, others are prefixed', () => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet, polygon, solana] }))
  assert.equal(walletConnectConnector(store), { id: 'walletConnect', uid: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' })
  assert.is(walletConnectConnector(store, 'solana').uid, 'solana:walletConnect')
})

slice.run()

const universal = suite('walletconnect mobile links: experimental_preferUniversalLinks')
const WALLET = { id: 'w', name: 'W', mobile_link: 'wallet://', link_mode: 'https://w.example/link' }

universal('behavior: off, or no universal link, the native deep link opens the wallet', () => {
  assert.equal(mobileLink(WALLET, URI, false), { href: 'wallet://', redirect: `wallet://wc?uri=${ENCODED}` })
  assert.equal(mobileLink({ ...WALLET, link_mode: null }, URI, true), { href: 'wallet://', redirect: `wallet://wc?uri=${ENCODED}` })
})

universal('behavior: on, the universal link carries the URI; the native link stays the one stored', () => {
  assert.equal(mobileLink(WALLET, URI, true), { href: 'wallet://', redirect: `https://w.example/link/wc?uri=${ENCODED}` })
})

universal('behavior: a universal link must be https (http on loopback); anything else falls back to the native link', () => {
  for (const bad of ['javascript:alert(1)', 'http://w.example/link', 'other://link', 'wallet://link']) {
    assert.is(mobileLink({ ...WALLET, link_mode: bad }, URI, true)!.redirect, `wallet://wc?uri=${ENCODED}`, bad)
  }
  assert.is(mobileLink({ ...WALLET, link_mode: 'http://127.0.0.1:8080/l' }, URI, true)!.redirect, `http://127.0.0.1:8080/l/wc?uri=${ENCODED}`)
})

universal('behavior: a wallet whose mobile link is already https keeps it (AppKit has no universal link to prefer then)', () => {
  assert.is(mobileLink({ ...WALLET, mobile_link: 'https://w.example/app' }, URI, true)!.redirect, `https://w.example/app/wc?uri=${ENCODED}`)
})

universal.run()
