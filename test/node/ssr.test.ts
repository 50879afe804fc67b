// Runs in plain Node with no DOM: importing and creating an instance must not touch browser globals.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const test = suite('server-side import')
test('behavior: the package imports and createAppKit runs without window or document', async () => {
  assert.is(typeof (globalThis as { window?: unknown }).window, 'undefined')
  const { createAppKit } = await import('../../src/index')
  const { mainnet } = await import('../../src/networks')
  const { useAppKit } = await import('../../src/react')
  assert.throws(() => useAppKit(), /Please call "createAppKit" before using "useAppKit" hook/)
  const kit = createAppKit({ projectId: 'p', networks: [mainnet] })
  assert.is(kit.getIsConnected(), false)
  assert.is(kit.getChainId(), 1)
  assert.equal(kit.getState(), { open: false, selectedNetworkId: 'eip155:1', activeChain: 'eip155', loading: false, initialized: true })
})
test('behavior: built bundles import in Node too', async () => {
  const { existsSync } = await import('node:fs')
  const url = new URL('../../dist/esm/index.js', import.meta.url)
  if (!existsSync(url)) return // the runner builds first; alone, this file may run before a build
  const built = await import(url.href)
  const networks = await import(new URL('../../dist/esm/networks.js', import.meta.url).href)
  const kit = built.createAppKit({ projectId: 'p', networks: [networks.polygon] })
  assert.is(kit.getChainId(), 137)
})
test.run()
