// The embedded wallet's account type on the modal's side (lazy/embedded/smart.ts and the Account
// view's switch), on a real store; the frame is a stand-in that answers as the secure site does.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { h, render } from 'preact'
import '@preact/signals' // as views/mount.tsx: components follow the signals they read
import * as v from 'valibot'
import { createStore, type Store } from '../../src/signals/store'
import { parseOptions } from '../../src/signals/options'
import { accountFor, setAccountState } from '../../src/signals/account'
import { subscribeEvents, type ModalEvent } from '../../src/signals/events'
import { applyConnection } from '../../src/signals/wallet'
import { readStored, writeStored } from '../../src/utils/storage'
import { STORAGE_KEYS } from '../../src/utils/storage-keys'
import { EMBEDDED_KEYS } from '../../src/utils/embedded-keys'
import { mainnet, polygon } from '../../src/networks'
import { applyUser, preferredType, watchAccountType } from '../../src/lazy/embedded/smart'
import { SmartAccountSwitch } from '../../src/lazy/embedded/smart-settings'
import { activeSessions } from '../../src/utils/smart-session-logs'
import type { Frame } from '../../src/lazy/embedded/frame'
import type { Connector } from '../../src/types'

const test = suite('embedded smart account (modal side)')
const EOA = '0x1111111111111111111111111111111111111111'
const SMART = '0x2222222222222222222222222222222222222222'
const connector: Connector = { id: 'AUTH', uid: 'eip155:AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }
const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms))

function storeWith(options: Record<string, unknown> = {}): Store {
  localStorage.clear()
  return createStore(parseOptions({ projectId: 'p', networks: [mainnet, polygon], ...options }))
}

/** Answers SET_PREFERRED_ACCOUNT and GET_USER as the secure site does on a smart-account network. */
function frameStub(opts: { fail?: boolean } = {}) {
  const calls: { type: string; payload: unknown }[] = []
  let type = 'smartAccount'
  const frame = {
    async request(t: string, payload: { type?: string; preferredAccountType?: string }) {
      calls.push({ type: t, payload })
      if (opts.fail) throw new Error('account type not supported')
      if (t === 'SET_PREFERRED_ACCOUNT') type = payload.type!
      const address = type === 'smartAccount' ? SMART : EOA
      if (t === 'SET_PREFERRED_ACCOUNT') return { type, address }
      return { address, chainId: 1, preferredAccountType: type, smartAccountDeployed: true, accounts: [{ address: SMART, type: 'smartAccount' }, { address: EOA, type: 'eoa' }] }
    },
  }
  return { frame: frame as unknown as Frame, calls }
}

function connectSmart(store: Store) {
  applyUser(store, { address: SMART, chainId: 1, preferredAccountType: 'smartAccount', smartAccountDeployed: false, accounts: [{ address: SMART, type: 'smartAccount' }, { address: EOA, type: 'eoa' }] })
  applyConnection(store, connector, SMART, 1)
}

test('behavior: the preference is the stored choice, else the site default, else smartAccount (SPEC section 3)', () => {
  assert.is(preferredType(storeWith()), 'smartAccount')
  assert.is(preferredType(storeWith({ defaultAccountTypes: { eip155: 'eoa' } })), 'eoa')
  const store = storeWith({ defaultAccountTypes: { eip155: 'eoa' } })
  writeStored(STORAGE_KEYS.preferredAccountTypes, { eip155: 'smartAccount' })
  assert.is(preferredType(store), 'smartAccount')
})

test('behavior: the frame user sets both accounts with their types, the type in use and deployment', () => {
  const store = storeWith()
  connectSmart(store)
  const account = accountFor(store, 'eip155')
  assert.is(account.address, SMART)
  assert.is(account.preferredAccountType, 'smartAccount')
  assert.is(account.smartAccountDeployed, false)
  assert.equal(account.allAccounts, [{ address: SMART, type: 'smartAccount' }, { address: EOA, type: 'eoa' }])
})

test('behavior: a new preference switches the frame; the address follows, accountsChanged fires, the choice is stored', async () => {
  const store = storeWith()
  const { frame, calls } = frameStub()
  const changed: string[] = []
  connectSmart(store)
  watchAccountType(store, frame, connector, (a) => changed.push(a))
  assert.equal(calls, [])
  setAccountState(store, 'eip155', { preferredAccountType: 'eoa' })
  await tick()
  assert.equal(calls[0], { type: 'SET_PREFERRED_ACCOUNT', payload: { type: 'eoa' } })
  const account = accountFor(store, 'eip155')
  assert.is(account.address, EOA)
  assert.is(account.caipAddress, `eip155:1:${EOA}`)
  assert.is(account.preferredAccountType, 'eoa')
  assert.equal(changed, [EOA])
  assert.equal(readStored(STORAGE_KEYS.preferredAccountTypes, v.record(v.string(), v.string())), { eip155: 'eoa' })
  assert.is(readStored(EMBEDDED_KEYS.preferredAccountType, v.string()), 'eoa')
})

test('behavior: a refused switch leaves the account as it was, with the spec text', async () => {
  const store = storeWith()
  const { frame } = frameStub({ fail: true })
  connectSmart(store)
  watchAccountType(store, frame, connector, () => undefined)
  setAccountState(store, 'eip155', { preferredAccountType: 'eoa' })
  await tick()
  assert.is(accountFor(store, 'eip155').address, SMART)
  assert.is(accountFor(store, 'eip155').preferredAccountType, 'smartAccount')
  assert.is(store.toast.current.peek()?.message, 'account type not supported')
})

test('behavior: the Account view row says which account is in use and switches to the other (SET_PREFERRED_ACCOUNT_TYPE)', async () => {
  const store = storeWith()
  writeStored(EMBEDDED_KEYS.smartAccountEnabledNetworks, '1,137')
  connectSmart(store)
  const events: ModalEvent[] = []
  subscribeEvents(store, (e) => events.push(e))
  const root = document.createElement('div')
  document.body.append(root)
  render(h(SmartAccountSwitch, { store }), root)
  const button = root.querySelector('[data-testid=account-toggle-preferred-account-type]') as HTMLButtonElement
  assert.match(button.textContent!, /Switch to your EOA/)
  assert.is(root.querySelector('[data-testid=account-type]')!.textContent, 'Smart Account')
  button.click()
  assert.is(accountFor(store, 'eip155').preferredAccountType, 'eoa')
  assert.equal(events.at(-1)?.data, { type: 'track', event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: { accountType: 'eoa', network: 'eip155:1' } })
  await tick()
  // While the frame has not answered, the row is busy.
  assert.is(root.querySelector('button')!.getAttribute('aria-busy'), 'true')
  // Not on a network without smart accounts, and not for another connector.
  writeStored(EMBEDDED_KEYS.smartAccountEnabledNetworks, '')
  setAccountState(store, 'eip155', {})
  await tick()
  assert.is(root.querySelector('button'), null)
  render(null, root)
})

test('behavior: the listed smart sessions are those granted, not revoked since, and not expired', () => {
  const GRANTED = '0xf594381112b29ceb783e5cc3c17c34d72b98759863bff8da137015bddac227cd'
  const REVOKED = '0x2991ab7bfda4556c9e662762b3dfa89a1df391084c4278286d466c1c187e5523'
  const key = (n: number) => `0x${'0'.repeat(24)}${String(n).repeat(40)}`
  const until = (s: number) => `0x${s.toString(16).padStart(64, '0')}${'0'.repeat(64)}`
  const logs = [
    { topics: [GRANTED, key(1)], data: until(2000) },
    { topics: [GRANTED, key(2)], data: until(2000) },
    { topics: [REVOKED, key(2)], data: '0x' },
    { topics: [GRANTED, key(3)], data: until(500) },
  ]
  assert.equal(activeSessions(logs, 1000), [{ key: `0x${'1'.repeat(40)}`, until: 2000 }])
})

test.run()
