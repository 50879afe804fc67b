// When the connection runtime starts the adapters: after a first open's paint when open() comes
// with createAppKit (the first view does not wait on it), at once otherwise, and always before
// anything that needs them (a connect, a switch, a disconnect, ready()).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom, waitFor } from '../render'
import { polygon } from '../../src/networks'
import type { ChainAdapter, Connector } from '../../src/types'

// The runtime's first import compiles it (tsx): slow on a loaded machine, whatever the product does.
const SLOW_FIRST_IMPORT = 20_000
const connector: Connector = { id: 'injected', uid: 'eip155:injected', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155' }
const address = '0x00000000000000000000000000000000000000a1'

/** An adapter that records its start and lists its wallet only once started, as EIP-6963 discovery does. */
function recording() {
  const log: string[] = []
  const adapter = {
    namespace: 'eip155',
    setup(ctx: { setConnectors(list: Connector[]): void }) {
      log.push('setup')
      ctx.setConnectors([connector])
    },
    async connect() {
      log.push('connect')
      return { address, chainId: 1 }
    },
    async switchNetwork() {},
    async disconnect() {},
    getProvider: () => undefined,
  } as unknown as ChainAdapter
  return { adapter, log }
}

/** A closed loopback address of its own, so the order test counts only its own kit's requests. */
const ORDER_API = 'http://127.0.0.2:9/'

const start = suite('runtime start')
start.before.each(resetDom)

start('open() with createAppKit: the modal shows before the adapters start; they start right after', async () => {
  const { adapter, log } = recording()
  const kit = kitWith({ adapters: [adapter] })
  await kit.open()
  assert.ok(kit.isOpen())
  assert.equal(log, [], 'nothing started before the first view')
  await waitFor(() => log.includes('setup'), 'the adapters start after the first paint', SLOW_FIRST_IMPORT)
})

start('open() with createAppKit: the catalogue is fetched after the adapters started (installed wallets first)', async () => {
  const { adapter, log } = recording()
  const realFetch = globalThis.fetch
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    // Only this kit's catalogue (its own API host): an earlier test's Connect view may still be
    // fetching its own when this one starts.
    const url = String(input instanceof Request ? input.url : input)
    if (url.startsWith(ORDER_API) && url.includes('/getWallets')) log.push('catalogue')
    return realFetch(input, init)
  }) as typeof fetch
  try {
    const kit = kitWith({ adapters: [adapter], apiUrl: ORDER_API })
    await kit.open()
    await waitFor(() => log.includes('catalogue'), 'the catalogue is fetched', SLOW_FIRST_IMPORT)
    assert.ok(log.indexOf('setup') >= 0 && log.indexOf('setup') < log.indexOf('catalogue'), log.join(' → '))
  } finally {
    globalThis.fetch = realFetch
  }
})

start('no open at load: the adapters start at once', async () => {
  const { adapter, log } = recording()
  kitWith({ adapters: [adapter] })
  await waitFor(() => log.includes('setup'), 'started without an open', SLOW_FIRST_IMPORT)
})

start('a switch made before the deferred start starts the adapters first', async () => {
  const { adapter, log } = recording()
  const kit = kitWith({ adapters: [adapter] })
  const opened = kit.open()
  await kit.switchNetwork(polygon)
  assert.equal(log, ['setup'])
  assert.is(kit.getCaipNetwork()?.caipNetworkId, 'eip155:137')
  await opened
})

start('ready() right after createAppKit and open() resolves with the adapters started and their wallets listed', async () => {
  const { adapter, log } = recording()
  const kit = kitWith({ adapters: [adapter] })
  void kit.open()
  await kit.ready()
  assert.equal(log, ['setup'])
  assert.ok(kit.store.connection.connectors.peek().some((c) => c.id === 'injected'))
})

start('a connect through the runtime right after createAppKit waits on the start, then reaches the wallet', async () => {
  const { adapter, log } = recording()
  const kit = kitWith({ adapters: [adapter] })
  void kit.open()
  const runtime = await import('../../src/signals/runtime')
  await runtime.connectWallet(kit.store, connector)
  assert.equal(log, ['setup', 'connect'])
  assert.is(kit.getAddress(), address)
})
start.run()
