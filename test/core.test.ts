// postern/core: AppKit's adapter-less createAppKit and AppKit, under AppKit 1.8's names.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as core from '../src/core'
import { getCurrentInstance } from '../src/instance'
import { mainnet, polygon } from '../src/networks'
import { appkitNames } from './appkit-entries'
import { resetDom } from './render'

const test = suite('postern/core')
test.before.each(resetDom)
const offline = 'http://127.0.0.1:9/'
const options = { projectId: 'core', networks: [mainnet, polygon], apiUrl: offline, blockchainApiUrl: offline, features: { analytics: false } }

test('exports: every value AppKit 1.8\'s @reown/appkit/core exports', () => {
  assert.equal(appkitNames('core', core).missing, [])
})

test('behavior: createAppKit runs without adapters, with the site\'s universal provider as given', () => {
  const site = { on() {}, session: undefined }
  const kit = core.createAppKit({ ...options, universalProvider: site })
  assert.equal(kit.store.options.adapters, [])
  assert.is(kit.store.options.universalProvider, site)
  assert.is(getCurrentInstance(), kit)
  assert.is(kit.getCaipNetwork()?.caipNetworkId, 'eip155:1')
})

test('behavior: new AppKit(options) is an instance, the current one', () => {
  const kit = new core.AppKit(options)
  assert.type(kit.open, 'function')
  assert.is(getCurrentInstance(), kit)
  assert.is(kit.getAccount()?.isConnected, false)
})

test.run()
