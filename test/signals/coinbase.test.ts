// coinbasePreference: 'smartWalletOnly' hides Coinbase Wallet's EOA routes (extension and app)
// from the lists; 'all' and 'eoaOnly' list it as usual. On a real store and parsed options.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { excludedWallets } from '../../src/signals/coinbase'
import { baseQuery, isExcluded } from '../../src/signals/catalogue-config'
import { mainnet } from '../../src/networks'

const test = suite('coinbasePreference')
const COINBASE = { id: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa', name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' }
const OTHER = { id: 'other', name: 'Other Wallet', rdns: 'dev.other' }
const storeWith = (options: Record<string, unknown>) => createStore(parseOptions({ projectId: 'p', networks: [mainnet], ...options }))

test('behavior: all (the default) and eoaOnly list Coinbase Wallet', () => {
  for (const coinbasePreference of [undefined, 'all', 'eoaOnly']) {
    const store = storeWith({ coinbasePreference })
    assert.is(isExcluded(store, COINBASE), false, String(coinbasePreference))
    assert.equal(baseQuery(store).exclude, [])
  }
})

test('behavior: smartWalletOnly hides the extension (rdns) and the app (catalogue id), and nothing else', () => {
  const store = storeWith({ coinbasePreference: 'smartWalletOnly', excludeWalletIds: ['x1'] })
  assert.is(isExcluded(store, COINBASE), true)
  assert.is(isExcluded(store, { ...COINBASE, id: 'another-listing' }), true, 'the extension by its rdns')
  assert.is(isExcluded(store, OTHER), false)
  assert.equal(baseQuery(store).exclude, ['x1', COINBASE.id], 'the API is asked to leave it out')
  assert.equal(excludedWallets(store.options), ['x1', COINBASE.id, COINBASE.rdns])
})

test.run()
