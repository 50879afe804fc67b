// postern/networks: generated from viem's chains, plus AppKit's Solana, Bitcoin, TON and TRON
// networks under its names; each network tree-shakes on its own.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFile } from 'node:fs/promises'
import * as chains from 'viem/chains'
import * as networks from '../../src/networks'
import { evmNetworksSource, GENERATED } from '../../build/networks.mjs'
import { parseOptions } from '../../src/signals/options'
import * as retired from '../../src/networks/retired'

const root = new URL('../../build/', import.meta.url)
const appkit = JSON.parse(await readFile(new URL('appkit-api.json', root), 'utf8')) as { networks: { exports: string[] } }
// The chains of every viem AppKit 1.8's releases were built against (build/appkit-viem-chains.mjs).
const appkitViem = JSON.parse(await readFile(new URL('appkit-viem-chains.json', root), 'utf8')) as { viem: string[]; chains: string[] }

const test = suite('postern/networks')

test('src/networks/evm.ts is what build/networks.mjs makes from the installed viem', async () => {
  assert.is(await readFile(GENERATED, 'utf8'), await evmNetworksSource())
})

test('every chain of viem/chains, under its name, as a CAIP network with viem\'s values', () => {
  const all = networks as unknown as Record<string, { id: number; name: string; caipNetworkId: string; chainNamespace: string; nativeCurrency: unknown; rpcUrls: { default: { http: string[] } }; testnet?: boolean }>
  const names = Object.keys(chains)
  assert.ok(names.length > 700)
  for (const name of names) {
    const chain = (chains as unknown as Record<string, { id: number; name: string; nativeCurrency: unknown; rpcUrls: { default: { http: readonly string[] } }; testnet?: boolean }>)[name]!
    const network = all[name]
    assert.ok(network, `${name} is exported`)
    assert.is(network.id, chain.id, name)
    assert.is(network.name, chain.name, name)
    assert.is(network.caipNetworkId, `eip155:${chain.id}`, name)
    assert.is(network.chainNamespace, 'eip155')
    assert.equal(network.nativeCurrency, chain.nativeCurrency, name)
    assert.equal(network.rpcUrls.default.http, [...chain.rpcUrls.default.http], name)
    assert.is(!!network.testnet, !!chain.testnet, name)
  }
})

test('AppKit\'s non-EVM networks with its ids; defineChain and AVAILABLE_NAMESPACES', () => {
  const expected: Record<string, string> = {
    solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', solanaTestnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    bitcoin: 'bip122:000000000019d6689c085ae165831e93', bitcoinTestnet: 'bip122:000000000933ea01ad0ee984209779ba', bitcoinSignet: 'bip122:00000008819873e925422c1ff0f99f7c',
    ton: 'ton:-239', tonTestnet: 'ton:-3', tronMainnet: 'tron:0x2b6653dc', tronNileTestnet: 'tron:0xcd8690dc', tronShastaTestnet: 'tron:0x94a9059e',
  }
  for (const [name, id] of Object.entries(expected)) assert.is((networks as Record<string, { caipNetworkId?: string }>)[name]?.caipNetworkId, id, name)
  assert.equal(networks.AVAILABLE_NAMESPACES, ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks'])
  const custom = networks.defineChain({ ...networks.mainnet, id: 31337, name: 'Local', caipNetworkId: 'eip155:31337' })
  assert.is(custom.caipNetworkId, 'eip155:31337')
  assert.is(custom.formatters, undefined)
})

test('every name AppKit 1.8\'s @reown/appkit/networks exports, with any viem its releases ask for: 0 missing', () => {
  assert.ok(appkitViem.viem.includes('2.45.0') && appkitViem.chains.length > 690, 'the recorded list covers AppKit 1.8\'s viem')
  const expected = [...new Set([...appkitViem.chains, ...appkit.networks.exports])]
  const missing = expected.filter((name) => !(name in networks))
  assert.equal(missing, [])
})

test('the retired chains are only those the installed viem lacks, each a CAIP network of its own id', () => {
  for (const [name, network] of Object.entries(retired)) {
    assert.not.ok(name in chains, `${name} is back in viem/chains: remove it from src/networks/retired.ts`)
    assert.ok(appkitViem.chains.includes(name), `${name} is one of AppKit 1.8's`)
    assert.is(network.caipNetworkId, `eip155:${network.id}`, name)
    assert.is((networks as Record<string, unknown>)[name], network)
  }
  assert.equal(Object.keys(retired).sort(), ['ekta', 'ektaTestnet', 'seiDevnet', 'tempoAndantino', 'zircuitTestnet'])
})

test('createAppKit accepts networks of every family', () => {
  const options = parseOptions({ projectId: 'p', networks: [networks.mainnet, networks.arbitrumNova, networks.solana, networks.bitcoin, networks.ton, networks.tronMainnet] })
  assert.equal(options.networks.map((n) => n.chainNamespace), ['eip155', 'eip155', 'solana', 'bip122', 'ton', 'tron'])
})

test.run()
