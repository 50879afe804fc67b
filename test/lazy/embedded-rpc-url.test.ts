// The endpoint the embedded wallet's frame is told to use, per namespace: the first of the
// network's endpoints that answers, asked in that chain's own words.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { embeddedRpcUrl } from '../../src/lazy/embedded/rpc-url'
import { kitWith } from '../render'
import { mainnet, solanaLocal } from '../../src/networks'
import { endpointsFor, refusedUrl } from '../utils/rpc-server'

const test = suite('lazy/embedded: the frame\'s endpoint')
const endpoints = endpointsFor(test)

test('behavior: Solana: a refused first endpoint is passed over, the next asked getHealth', async () => {
  const refused = await refusedUrl()
  const solana = { ...solanaLocal, rpcUrls: { default: { http: [refused, endpoints.a.url] } } }
  const kit = kitWith({ networks: [mainnet, solana] })
  const network = kit.store.network.networks.peek().find((n) => n.chainNamespace === 'solana')!
  assert.is(await embeddedRpcUrl(kit.store, network), endpoints.a.url)
  assert.equal(endpoints.a.methods, ['getHealth'])
})

test('behavior: EVM: the next endpoint asked eth_chainId; one endpoint is taken unasked', async () => {
  const refused = await refusedUrl()
  const evm = { ...mainnet, rpcUrls: { default: { http: [refused, endpoints.b.url] } } }
  const kit = kitWith({ networks: [evm] })
  assert.is(await embeddedRpcUrl(kit.store, kit.store.network.networks.peek()[0]!), endpoints.b.url)
  assert.equal(endpoints.b.methods, ['eth_chainId'])
  const single = kitWith({ networks: [{ ...mainnet, rpcUrls: { default: { http: [endpoints.a.url] } } }] })
  assert.is(await embeddedRpcUrl(single.store, single.store.network.networks.peek()[0]!), endpoints.a.url)
  assert.is(endpoints.a.requests, 0)
})

test.run()
