// postern/tron: AppKit 1.8's @reown/appkit-adapter-tron names, TronAdapter as the react-tron
// example constructs it, and nothing of the TRON code loaded before createAppKit starts it.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as tron from '../src/tron'
import { appkitNames } from './appkit-entries'

const test = suite('postern/tron')

test('api: every value AppKit 1.8\'s @reown/appkit-adapter-tron exports', () => {
  assert.equal(appkitNames('tron', tron).missing, [])
})

test('api: TronAdapter({ walletAdapters }) is the tron adapter under AppKit\'s names', () => {
  const walletAdapter = { name: 'TronLink', icon: '', readyState: 'NotFound', address: null, connect: async () => {}, disconnect: async () => {}, signMessage: async () => '', signTransaction: async () => ({}), on: () => undefined }
  const adapter = new tron.TronAdapter({ walletAdapters: [walletAdapter] })
  assert.is(adapter.namespace, 'tron')
  assert.is(adapter.adapterType, 'tron')
  assert.is(adapter.getProvider('TronLink'), undefined, 'nothing is loaded before createAppKit starts the adapter')
  assert.is(new tron.TronAdapter().namespace, 'tron')
})

test('api: TronAddressUtil.isValidAddress checks the shape, as AppKit\'s does', () => {
  assert.ok(tron.TronAddressUtil.isValidAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'))
  assert.not.ok(tron.TronAddressUtil.isValidAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7'))
  assert.not.ok(tron.TronAddressUtil.isValidAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'))
})

test.run()
