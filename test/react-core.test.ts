// postern/react-core: AppKit 1.8's @reown/appkit/react-core names; its createAppKit (adapter-less,
// one instance) and hooks under the project's React 19.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import * as reactCore from '../src/react-core'
import { createAppKit as createCore } from '../src/core'
import { setAccountState } from '../src/signals/account'
import { mainnet, polygon } from '../src/networks'
import { appkitNames } from './appkit-entries'
import { resetDom, waitFor } from './render'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const test = suite('postern/react-core')
test.before.each(resetDom)
const offline = 'http://127.0.0.1:9/'
const options = { projectId: 'react-core', networks: [mainnet, polygon], apiUrl: offline, blockchainApiUrl: offline, features: { analytics: false } }

test('exports: AppKit 1.8\'s names, but for its internal helper objects', () => {
  assert.equal(appkitNames('react-core', reactCore).missing, ['CoreHelperUtil', 'WcConstantsUtil'])
})

test('behavior: createAppKit makes one adapter-less instance; the hooks follow it', async () => {
  const kit = reactCore.createAppKit(options)
  assert.is(reactCore.createAppKit(options), kit, 'a second call returns the first instance, as AppKit\'s')
  assert.is(reactCore.modal, kit)
  assert.equal(kit.store.options.adapters, [])
  function View() {
    const { address, isConnected, allAccounts } = reactCore.useAppKitAccount()
    const { chainId } = reactCore.useAppKitNetwork()
    return createElement('p', null, `${isConnected ? address : 'none'}@${chainId}#${allAccounts.map((a) => a.publicKey ?? '-').join(',')}`)
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(createElement(View)))
  assert.is(container.textContent, 'none@1#')
  await act(async () => setAccountState(kit.store, 'eip155', { address: '0xabc', status: 'connected', allAccounts: [{ address: '0xabc', publicKey: '0x04ff' }] }))
  await waitFor(() => container.textContent === '0xabc@1#0x04ff', 'connected account with its public key')
  await act(async () => root.unmount())
})

test('behavior: getAppKit points the hooks at the given instance', async () => {
  const other = createCore({ ...options, projectId: 'other' })
  const mine = reactCore.modal!
  reactCore.getAppKit(mine)
  function View() {
    return createElement('p', null, reactCore.useAppKitTheme().themeMode)
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  await act(async () => root.render(createElement(View)))
  await act(async () => mine.setThemeMode('light'))
  await act(async () => other.setThemeMode('dark'))
  assert.is(container.textContent, 'light', 'the other instance is not the hooks\' one')
  await act(async () => reactCore.getAppKit(other))
  await waitFor(() => container.textContent === 'dark', 'the hooks follow the instance given')
  await act(async () => root.unmount())
})

test.run()
