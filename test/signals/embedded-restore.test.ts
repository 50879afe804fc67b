// A reload with an embedded-wallet login: the runtime loads the embedded chunk before the adapters
// reconnect, and the reconnect goes through the AUTH connector's own driver; without the stored
// login flag, or without an eip155 adapter, the chunk is not fetched.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore, type Store } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { startAdapters } from '../../src/signals/runtime'
import { accountFor } from '../../src/signals/account'
import { writeStored } from '../../src/utils/storage'
import { STORAGE_KEYS } from '../../src/utils/storage-keys'
import { EMBEDDED_KEYS } from '../../src/utils/embedded-keys'
import { mainnet, solana } from '../../src/networks'
import type { ChainAdapter, Connector } from '../../src/types'
import { resetDom } from '../render'

const test = suite('embedded wallet restore on load')
test.before.each(() => {
  resetDom()
  localStorage.clear()
})

const AUTH: Connector = { id: 'AUTH', uid: 'eip155:AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }
const EMBEDDED_ADDRESS = '0x00000000000000000000000000000000000000e1'

function setup(adapters: ChainAdapter[] = [adapter('eip155')]) {
  const calls: string[] = []
  let store!: Store
  // Stands for lazy/embedded/driver: registers the AUTH driver and connector, as embeddedFor does.
  const embedded = async () => ({
    embeddedFor(s: Store) {
      calls.push('embeddedFor')
      s.drivers.set('AUTH', { ...adapter('eip155'), async reconnect(id) { calls.push(`auth-reconnect:${id}`); return { address: EMBEDDED_ADDRESS, chainId: 1 } } })
      s.connection.connectors.value = [...s.connection.connectors.peek(), AUTH]
    },
  })
  store = createStore(parseOptions({ projectId: 'p', networks: [mainnet, solana], adapters, blockchainApiUrl: 'http://127.0.0.1:9/' }), { embedded })
  return { store, calls }
}

function adapter(namespace: 'eip155' | 'solana'): ChainAdapter {
  return {
    namespace, setup() {}, async connect() { throw new Error('not here') }, async reconnect() { return undefined },
    async disconnect() {}, async switchNetwork() {}, async getBalance() { return { balance: '0', symbol: 'ETH' } },
  }
}

const lastVisit = (flag: boolean) => {
  writeStored(STORAGE_KEYS.connectionStatus, 'connected')
  writeStored(STORAGE_KEYS.recentConnectorId, 'AUTH')
  if (flag) writeStored(EMBEDDED_KEYS.emailLoginUsed, true)
}
const settle = () => new Promise((r) => setTimeout(r, 20))

test('behavior: with the login flag the embedded chunk joins first and the AUTH driver restores the account', async () => {
  const { store, calls } = setup()
  lastVisit(true)
  await startAdapters(store)
  await settle()
  assert.equal(calls, ['embeddedFor', 'auth-reconnect:AUTH'])
  const account = accountFor(store, 'eip155')
  assert.equal([account.status, account.address, account.connectorId], ['connected', EMBEDDED_ADDRESS, 'AUTH'])
})

test('behavior: without the flag, or without an eip155 adapter, the chunk is not fetched', async () => {
  const plain = setup()
  lastVisit(false)
  await startAdapters(plain.store)
  await settle()
  assert.equal(plain.calls, [])

  const solanaOnly = setup([adapter('solana')])
  lastVisit(true)
  await startAdapters(solanaOnly.store)
  await settle()
  assert.equal(solanaOnly.calls, [])
  assert.is(accountFor(solanaOnly.store, 'eip155').status, 'disconnected')
})

test.run()
