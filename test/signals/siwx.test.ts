// The SIWX flow (signals/siwx.ts) over a fake adapter: AppKit's order and texts for success,
// decline, smart accounts, cancel (required or not), initialisation failure, Close blocked,
// silent reload and signOutOnDisconnect.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createStore, type Store } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { applyConnection } from '../../src/signals/wallet'
import { accountFor, setAccountState } from '../../src/signals/account'
import { closeModal, currentRoute } from '../../src/signals/modal'
import { subscribeEvents } from '../../src/signals/events'
import { cancelSignMessage, initializeIfEnabled, requestSignMessage, signOutSiwx, watchSiwx } from '../../src/signals/siwx'
import type { ChainAdapter, Connector, SIWXConfig, SIWXSession } from '../../src/types'
import { mainnet, polygon } from '../../src/networks'
import { PosternError, SIWX_UNAVAILABLE } from '../../src/utils/errors'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e529a7d8b71'
const connector: Connector = { id: 'fake', uid: 'eip155:fake', name: 'Fake', type: 'INJECTED', chain: 'eip155' }

function setup(opts: { required?: boolean; signResult?: () => Promise<string>; getSessions?: () => Promise<SIWXSession[]>; addSession?: () => Promise<void>; signOutOnDisconnect?: boolean } = {}) {
  const calls: string[] = []
  const sessions: SIWXSession[] = []
  const siwx: SIWXConfig = {
    async createMessage(input) {
      calls.push(`createMessage ${input.chainId}`)
      return { ...input, domain: 'x', uri: 'https://x', version: '1', nonce: '12345678', toString: () => 'msg' }
    },
    async addSession(s) { calls.push(`addSession ${s.signature}`); await opts.addSession?.(); sessions.push(s) },
    async revokeSession() { calls.push('revokeSession') },
    async setSessions(list) { calls.push(`setSessions ${list.length}`) },
    async getSessions(chainId, address) {
      calls.push(`getSessions ${chainId}`)
      return opts.getSessions ? opts.getSessions() : sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
    },
    getRequired: () => opts.required ?? true,
    signOutOnDisconnect: opts.signOutOnDisconnect,
  }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    setup() {},
    connect: async () => ({ address: ADDRESS, chainId: 1 }),
    disconnect: async () => { calls.push('wallet disconnect') },
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '0', symbol: 'ETH' }),
    getProvider: () => ({ request: async ({ method }: { method: string }) => (calls.push(`wallet ${method}`), opts.signResult ? opts.signResult() : '0xsig') }),
  }
  const store: Store = createStore(parseOptions({ projectId: 'p', networks: [mainnet, polygon], adapters: [adapter], siwx }))
  const events: string[] = []
  const toasts: string[] = []
  subscribeEvents(store, (e) => events.push(e.data.event))
  store.ui.open = async ({ view, data }) => {
    store.modal.stack.value = [{ view: view!, data }]
    store.modal.open.value = true
  }
  const connect = () => applyConnection(store, connector, ADDRESS, 1)
  const toast = () => store.toast.current.peek()?.message
  return { store, calls, events, toasts, connect, toast }
}

const tick = () => new Promise((r) => setTimeout(r, 20))
const test = suite('signals/siwx')

test('connect without a session opens the sign view, Close blocked; signing adds the session and closes', async () => {
  const { store, calls, events, connect } = setup()
  watchSiwx(store)
  store.modal.open.value = true
  connect()
  await tick()
  assert.is(currentRoute(store).view, 'SIWXSignMessage')
  assert.is(currentRoute(store).data?.siwxRequired, true)
  assert.is(closeModal(store), false, 'Close is refused while sign-in is required')
  assert.is(store.modal.shake.peek(), true)
  await requestSignMessage(store)
  assert.is(store.modal.open.peek(), false)
  assert.equal(calls, ['getSessions eip155:1', 'createMessage eip155:1', 'wallet personal_sign', 'addSession 0xsig'])
  assert.equal(events.filter((e) => e.includes('SIWX')), ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_SUCCESS'])
})

test("a declined signature reopens the sign view with 'Signature declined'; a smart account gets AppKit's hint", async () => {
  const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 })
  const { store, events, connect, toast } = setup({ signResult: () => Promise.reject(declined) })
  connect()
  await requestSignMessage(store)
  assert.is(currentRoute(store).view, 'SIWXSignMessage')
  assert.is(store.modal.open.peek(), true)
  await tick()
  assert.is(toast(), 'Signature declined')
  assert.equal(events.filter((e) => e.includes('SIWX')), ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_ERROR'])
  setAccountState(store, 'eip155', { preferredAccountType: 'smartAccount' })
  await requestSignMessage(store)
  await new Promise((r) => setTimeout(r, 200)) // a toast replacing another shows after 150 ms
  assert.is(toast(), 'This application might not support Smart Accounts')
})

test('the sign-in service unavailable: the sign view stays with "Sign-in is unavailable right now", still connected; once it is back signing in works', async () => {
  let down = true
  const { store, events, calls, connect, toast } = setup({ addSession: async () => { if (down) throw new PosternError('The database is unavailable; try again shortly', SIWX_UNAVAILABLE) } })
  connect()
  await requestSignMessage(store)
  assert.is(currentRoute(store).view, 'SIWXSignMessage')
  assert.is(store.modal.open.peek(), true)
  await tick()
  assert.is(toast(), 'Sign-in is unavailable right now; try again shortly')
  assert.is(accountFor(store, 'eip155').status, 'connected')
  assert.not.ok(calls.includes('wallet disconnect'))
  down = false
  await requestSignMessage(store)
  assert.is(store.modal.open.peek(), false)
  assert.equal(events.filter((e) => e.includes('SIWX')), ['CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_ERROR', 'CLICK_SIGN_SIWX_MESSAGE', 'SIWX_AUTH_SUCCESS'])
})

test('Cancel: required disconnects, optional only closes; both reset to Connect and emit CLICK_CANCEL_SIWX', async () => {
  for (const required of [true, false]) {
    const { store, calls, events, connect } = setup({ required })
    connect()
    await store.ui.open!({ view: 'SIWXSignMessage', data: { siwxRequired: required } })
    assert.is(closeModal(store), !required, 'Close works only when sign-in is optional')
    await store.ui.open!({ view: 'SIWXSignMessage', data: { siwxRequired: required } })
    await cancelSignMessage(store)
    assert.is(store.modal.open.peek(), false)
    assert.is(currentRoute(store).view, 'Connect')
    assert.is(calls.includes('wallet disconnect'), required)
    assert.is(store.connection.status.peek(), required ? 'disconnected' : 'connected')
    assert.ok(events.includes('CLICK_CANCEL_SIWX'))
  }
})

test('an initialisation failure shows the error, disconnects and resets to Connect', async () => {
  const { store, calls, events, connect, toast } = setup({ getSessions: () => Promise.reject(new Error('down')) })
  connect()
  await initializeIfEnabled(store)
  await tick()
  assert.is(toast(), 'A problem occurred while trying initialize authentication')
  assert.ok(calls.includes('wallet disconnect'))
  assert.is(currentRoute(store).view, 'Connect')
  assert.ok(events.includes('SIWX_AUTH_ERROR'))
})

test('reload: optional sign-in stays quiet, required asks; a network switch without a session asks again', async () => {
  const optional = setup({ required: false })
  optional.connect()
  await initializeIfEnabled(optional.store, { prompt: false })
  assert.is(optional.store.modal.open.peek(), false)
  const required = setup()
  required.connect()
  await initializeIfEnabled(required.store, { prompt: false })
  assert.is(currentRoute(required.store).view, 'SIWXSignMessage')

  const { store, calls, connect } = setup()
  watchSiwx(store)
  connect()
  await tick()
  await requestSignMessage(store)
  applyConnection(store, connector, ADDRESS, 137)
  await tick()
  assert.is(calls.at(-1), 'getSessions eip155:137')
  assert.is(currentRoute(store).view, 'SIWXSignMessage')
  // Back on chain 1 the session holds: nothing asked. Another account on it asks again.
  await cancelSignMessage(store)
  connect()
  await tick()
  store.modal.open.value = false
  const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  applyConnection(store, connector, other, 1)
  await tick()
  assert.is(calls.at(-1), 'getSessions eip155:1')
  assert.is(currentRoute(store).view, 'SIWXSignMessage')
  assert.is(store.modal.open.peek(), true)
})

test('requestSignMessage without sign-in enabled throws the spec text', async () => {
  const store = createStore(parseOptions({ projectId: 'p', networks: [mainnet] }))
  try {
    await requestSignMessage(store)
    assert.unreachable()
  } catch (error) {
    assert.is((error as Error).message, 'SIWX is not enabled')
  }
})

test('signOutOnDisconnect: disconnecting clears the sessions with setSessions([])', async () => {
  const { store, calls, connect } = setup({ signOutOnDisconnect: true })
  watchSiwx(store)
  connect()
  await tick()
  await requestSignMessage(store)
  await cancelSignMessage(store) // required: disconnects
  await tick()
  assert.is(calls.at(-1), 'setSessions 0')
})

test('signOut clears the sessions and, when sign-in is required, disconnects', async () => {
  for (const required of [true, false]) {
    const { store, calls, connect } = setup({ required })
    connect()
    await signOutSiwx(store)
    assert.is(calls[0], 'setSessions 0')
    assert.is(store.connection.status.peek(), required ? 'disconnected' : 'connected')
  }
})

test.run()
