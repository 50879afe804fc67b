import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { setAccountState } from '../../src/signals/account'
import { refreshProfile } from '../../src/signals/profile'
import { mainnet, polygon } from '../../src/networks'
import { startChains, demoAddresses, type LocalChains } from '../../dev/chains/index.ts'
import { startApiServer, type ApiServer } from '../../server/index.ts'

const test = suite('profile')
let chains: LocalChains
let api: ApiServer
test.before(async () => {
  chains = await startChains()
  api = await startApiServer({ chains: chains.chains })
})
test.after(async () => {
  await api?.stop()
  await chains?.stop()
})

const storeFor = (blockchainApiUrl: string, network = mainnet) => {
  const store = createStore(parseOptions({ projectId: 'test', networks: [network], blockchainApiUrl }))
  setAccountState(store, 'eip155', { address: demoAddresses()[0], status: 'connected', profileImage: 'https://example.com/old.png' })
  return store
}

test('behavior: the identity endpoint gives the name and avatar', async () => {
  const store = storeFor(api.url)
  await refreshProfile(store, 'eip155')
  const account = store.accounts.byNamespace.value.eip155!
  assert.is(account.profileName, 'demo.postern')
  assert.match(account.profileImage ?? '', /^http:\/\/127\.0\.0\.1:\d+\//)
})

test('behavior: a failed lookup keeps the avatar on chain 1 and clears it elsewhere', async () => {
  const closed = 'http://127.0.0.1:9/'
  const onMainnet = storeFor(closed)
  await refreshProfile(onMainnet, 'eip155')
  assert.is(onMainnet.accounts.byNamespace.value.eip155!.profileImage, 'https://example.com/old.png')
  assert.is(onMainnet.accounts.byNamespace.value.eip155!.profileName, undefined)
  const onPolygon = storeFor(closed, polygon)
  await refreshProfile(onPolygon, 'eip155')
  assert.is(onPolygon.accounts.byNamespace.value.eip155!.profileImage, undefined)
})

test('behavior: a second lookup within 5 minutes uses the cache', async () => {
  const store = storeFor(api.url)
  await refreshProfile(store, 'eip155')
  await api.stop() // the server is gone: only the cache can answer
  setAccountState(store, 'eip155', { profileName: undefined })
  await refreshProfile(store, 'eip155')
  assert.is(store.accounts.byNamespace.value.eip155!.profileName, 'demo.postern')
  api = await startApiServer({ chains: chains.chains })
})
test.run()
