// A site's subscribe* callback that throws (the javascript-solana example's subscribeProviders
// read the provider before it existed): reported on the console as AppKit reports it, and the
// connect that called it still completes, for the site's other subscribers too.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kitWith, resetDom } from '../render'
import type { ChainAdapter, Connector } from '../../src/types'

const address = '0x00000000000000000000000000000000000000a1'
const connector: Connector = { id: 'injected', uid: 'eip155:injected', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155', imageUrl: 'data:,w' }
const adapter = {
  namespace: 'eip155',
  setup: (ctx: { setConnectors(list: Connector[]): void }) => ctx.setConnectors([connector]),
  connect: async () => ({ address, chainId: 1 }),
  getProvider: () => ({ request: async () => null }),
} as unknown as ChainAdapter

function capturingConsole() {
  const logged: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => void logged.push(args)
  return { logged, restore: () => (console.error = original) }
}

const test = suite('subscribe* callbacks that throw')
test.before.each(resetDom)

test('behavior: an error thrown in subscribeAccount and subscribeProviders during connect is reported, and the connect completes', async () => {
  const kit = kitWith({ adapters: [adapter] })
  const thrown = new Error('site bug')
  kit.subscribeAccount(() => {
    throw thrown
  })
  kit.subscribeProviders((providers) => {
    // as javascript-solana's subscriber: reads what is not there yet
    ;(providers as Record<string, { getActiveChain(): unknown }>)['solana']!.getActiveChain()
  })
  const seen: boolean[] = []
  kit.subscribeAccount((account) => seen.push(account.isConnected))
  const console = capturingConsole()
  try {
    await kit.ready()
    const runtime = await import('../../src/signals/runtime')
    await runtime.connectWallet(kit.store, connector)
  } finally {
    console.restore()
  }
  assert.is(kit.getIsConnected(), true, 'the connect completed')
  assert.ok(seen.includes(true), 'the other subscriber saw it')
  assert.ok(console.logged.some((args) => args[0] === thrown), 'the site\'s own error, reported')
  assert.ok(console.logged.some((args) => args[0] instanceof TypeError && /getActiveChain/.test(args[0].message)), 'the provider read, reported')
})

test('behavior: an events listener that throws is reported the same way, and the next listener still runs', async () => {
  const kit = kitWith({ adapters: [adapter] })
  kit.subscribeEvents(() => {
    throw new Error('listener bug')
  })
  const after: string[] = []
  kit.subscribeEvents((e) => after.push(e.data.event))
  const console = capturingConsole()
  try {
    await kit.open()
  } finally {
    console.restore()
  }
  assert.ok(after.includes('MODAL_OPEN'))
  assert.ok(console.logged.some((args) => (args[0] as Error).message === 'listener bug'))
})

test.run()
