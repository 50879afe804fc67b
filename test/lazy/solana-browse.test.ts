// SPEC section 2: on mobile, Phantom without its extension and Coinbase Wallet on Solana without
// its extension open the page in the wallet's in-app browser.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { inAppBrowserLink } from '../../src/lazy/solana/browse'
import type { Connector } from '../../src/types'

const PAGE = 'https://shop.example/checkout?item=7#pay'
const phantomWallet = { name: 'Phantom', rdns: 'app.phantom' }
const coinbaseWallet = { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' }
const connector = (name: string, chain: 'eip155' | 'solana', rdns?: string): Connector => ({ id: name, uid: `${chain}:${name}`, name, type: 'ANNOUNCED', chain, info: rdns ? { rdns } : undefined })

const test = suite('lazy/solana: in-app browser links')

test('behavior: Phantom without its extension opens the page in Phantom (url and ref encoded)', () => {
  assert.is(
    inAppBrowserLink(phantomWallet, [], 'eip155', PAGE),
    'https://phantom.app/ul/browse/https%3A%2F%2Fshop.example%2Fcheckout%3Fitem%3D7%23pay?ref=https%3A%2F%2Fshop.example',
  )
  assert.ok(inAppBrowserLink({ name: 'Phantom' }, [], 'solana', PAGE), 'by name alone')
  assert.ok(inAppBrowserLink({ name: 'Phantom Wallet', rdns: 'app.phantom' }, [], 'solana', PAGE), 'by rdns alone')
})

test('behavior: Phantom installed (in either namespace) connects as usual', () => {
  assert.is(inAppBrowserLink(phantomWallet, [connector('Phantom', 'solana')], 'eip155', PAGE), undefined)
  assert.is(inAppBrowserLink(phantomWallet, [connector('Phantom', 'eip155', 'app.phantom')], 'solana', PAGE), undefined)
})

test('behavior: Coinbase Wallet redirects only on Solana and only without its Solana extension', () => {
  assert.is(inAppBrowserLink(coinbaseWallet, [], 'solana', PAGE), 'https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fshop.example%2Fcheckout%3Fitem%3D7%23pay')
  assert.is(inAppBrowserLink(coinbaseWallet, [], 'eip155', PAGE), undefined)
  assert.ok(inAppBrowserLink(coinbaseWallet, [connector('Coinbase Wallet', 'eip155', 'com.coinbase.wallet')], 'solana', PAGE), 'the EVM extension does not serve Solana')
  assert.is(inAppBrowserLink(coinbaseWallet, [connector('Coinbase Wallet', 'solana')], 'solana', PAGE), undefined)
})

test('behavior: other wallets never redirect', () => {
  assert.is(inAppBrowserLink({ name: 'Solflare' }, [], 'solana', PAGE), undefined)
  assert.is(inAppBrowserLink({ name: 'MetaMask', rdns: 'io.metamask' }, [], 'eip155', PAGE), undefined)
})
test.run()
