import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { groupConnectors } from '../../src/signals/groups'
import type { CatalogueWallet, Connector } from '../../src/types'

const connector = (id: string, type: Connector['type'], rdns?: string): Connector => ({ id, uid: `eip155:${id}`, name: id, type, chain: 'eip155', info: { rdns } })
const wallet = (id: string, rdns?: string): CatalogueWallet => ({ id, name: id, rdns })
const empty = { connectors: [], recent: [], featured: [], custom: [], recommended: [], excluded: [] }

const test = suite('groupConnectors')
test('behavior: groups follow walletConnect, recent, injected, featured, custom, external, recommended', () => {
  const entries = groupConnectors({
    ...empty,
    connectors: [connector('ext', 'EXTERNAL'), connector('mm', 'ANNOUNCED', 'io.metamask'), connector('wc', 'WALLET_CONNECT')],
    recent: [wallet('recent1')],
    featured: [wallet('feat1')],
    custom: [wallet('custom1')],
    recommended: [wallet('rec1')],
  })
  assert.equal(entries.map((e) => e.group), ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
})
test('behavior: a wallet appears once, and a catalogue entry uses the installed connector', () => {
  const entries = groupConnectors({
    ...empty,
    connectors: [connector('mm', 'ANNOUNCED', 'io.metamask')],
    featured: [wallet('metamask-id', 'io.metamask'), wallet('trust')],
    recommended: [wallet('trust')],
  })
  assert.equal(entries.map((e) => e.key), ['eip155:mm', 'trust'])
})
test('parameters: excluded by id, rdns or name', () => {
  const entries = groupConnectors({
    ...empty,
    connectors: [connector('a', 'INJECTED', 'x.a'), connector('b', 'INJECTED', 'x.b'), connector('c', 'INJECTED')],
    recommended: [wallet('d')],
    excluded: ['a', 'x.b', 'D'],
  })
  assert.equal(entries.map((e) => e.name), ['c'])
})
test.run()
