import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BALANCE_MAX_AGE_MS, BalanceCache } from '../../server/balance-cache.ts'

/** A read that resolves when told to, counting how often it was started. */
function reads() {
  let started = 0
  const pending: ((v: number) => void)[] = []
  return {
    get started() {
      return started
    },
    load: () => {
      const n = ++started
      return new Promise<number>((resolve) => pending.push(() => resolve(n)))
    },
    finishAll: () => pending.splice(0).forEach((f) => f(0)),
  }
}

test('behavior: requests arriving while a read runs share it, and its answer serves for the maximum age', async () => {
  const cache = new BalanceCache<number>()
  const r = reads()
  const first = cache.read('eip155:1', '0xAbC', r.load, { now: 0 })
  const second = cache.read('eip155:1', '0xabc', r.load, { now: 5 })
  r.finishAll()
  assert.is(await first, 1)
  assert.is(await second, 1)
  assert.is(r.started, 1, 'one read of the node for both, whatever the spelling of the address')
  assert.is(await cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS / 2 - 1 }), 1)
  assert.is(r.started, 1)
  const later = cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS })
  r.finishAll()
  assert.is(await later, 2, 'past the maximum age the node is read again')
})

// Before, once a second every request for a busy address waited for the node together (p99 of
// the benchmark's balance route at 80 % of saturation: that wait).
test('behavior: an address asked for steadily is read again before its entry expires, and no request waits for it', async () => {
  const cache = new BalanceCache<number>()
  const r = reads()
  const first = cache.read('eip155:1', '0xabc', r.load, { now: 0 })
  r.finishAll()
  await first
  assert.is(await cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS * 0.6 }), 1, 'served the entry at once')
  assert.is(r.started, 2, 'and the next read started')
  assert.is(await cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS * 0.8 }), 1)
  assert.is(r.started, 2, 'one next read at a time')
  r.finishAll()
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.is(await cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS + 1 }), 2, 'past the first read\'s age, the next one serves')
  assert.is(r.started, 2)
  assert.is(await cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS * 1.1 }), 2)
  assert.is(r.started, 3, 'and past half its own age, the one after it starts')
})

test('behavior: past its age, a next read still running is waited for, not started again', async () => {
  const cache = new BalanceCache<number>()
  const r = reads()
  const first = cache.read('eip155:1', '0xabc', r.load, { now: 0 })
  r.finishAll()
  await first
  await cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS * 0.9 })
  const late = cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS + 1 })
  r.finishAll()
  assert.is(await late, 2)
  assert.is(r.started, 2)
})

test('security: a next read started before a block touched the address is dropped: what follows reads anew', async () => {
  const cache = new BalanceCache<number>()
  const r = reads()
  const first = cache.read('eip155:1', '0xabc', r.load, { now: 0 })
  r.finishAll()
  await first
  await cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS * 0.8 }) // next read (2) starts
  cache.forget('eip155:1', ['0xabc'])
  r.finishAll() // it answers after the block: it may not show it
  await Promise.resolve()
  const after = cache.read('eip155:1', '0xabc', r.load, { now: BALANCE_MAX_AGE_MS * 0.85 })
  r.finishAll()
  assert.is(await after, 3, 'a read started after the block')
})

test('behavior: a failed next read leaves the entry to its age; then the node is read again', async () => {
  const cache = new BalanceCache<number>()
  let n = 0
  let fail = false
  const load = async () => {
    n++
    if (fail) throw new Error('node down')
    return n
  }
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: 0 }), 1)
  fail = true
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: BALANCE_MAX_AGE_MS * 0.8 }), 1)
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: BALANCE_MAX_AGE_MS * 0.9 }), 1, 'still served, not retried on every request')
  assert.is(n, 2)
  fail = false
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: BALANCE_MAX_AGE_MS }), 3)
})

test('behavior: chains and addresses have entries of their own; Solana addresses keep their case', async () => {
  const cache = new BalanceCache<string>()
  let n = 0
  const load = async () => `read ${++n}`
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: 0 }), 'read 1')
  assert.is(await cache.read('eip155:137', '0xabc', load, { now: 0 }), 'read 2')
  assert.is(await cache.read('eip155:1', '0xdef', load, { now: 0 }), 'read 3')
  assert.is(await cache.read('solana:x', 'AbC', load, { now: 0 }), 'read 4')
  assert.is(await cache.read('solana:x', 'abc', load, { now: 0 }), 'read 5')
})

test('behavior: fresh (the API\'s forceUpdate) reads anew, and later requests get the new read', async () => {
  const cache = new BalanceCache<number>()
  let n = 0
  const load = async () => ++n
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: 0 }), 1)
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: 1, fresh: true }), 2)
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: 2 }), 2)
})

test('behavior: a failed read is not kept: the next request reads again', async () => {
  const cache = new BalanceCache<number>()
  let fail = true
  const load = async () => {
    if (fail) throw new Error('node down')
    return 7
  }
  await cache.read('eip155:1', '0xabc', load, { now: 0 }).then(() => assert.unreachable(), (e: Error) => assert.is(e.message, 'node down'))
  fail = false
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: 1 }), 7)
})

test('behavior: forget (a block touched the address) ends its entry on that chain only', async () => {
  const cache = new BalanceCache<number>()
  let n = 0
  const load = async () => ++n
  await cache.read('eip155:1', '0xAbC', load, { now: 0 })
  await cache.read('eip155:137', '0xabc', load, { now: 0 })
  await cache.read('eip155:1', '0xdef', load, { now: 0 })
  cache.forget('eip155:1', new Set(['0xabc']))
  assert.is(await cache.read('eip155:1', '0xabc', load, { now: 1 }), 4, 'read anew')
  assert.is(await cache.read('eip155:137', '0xabc', load, { now: 1 }), 2, 'the other chain kept')
  assert.is(await cache.read('eip155:1', '0xdef', load, { now: 1 }), 3, 'the other address kept')
})

test('behavior: the cache stays bounded: expired entries go first, then the oldest', async () => {
  const cache = new BalanceCache<number>({ maxAgeMs: 100, maxEntries: 3 })
  const load = async () => 0
  for (let i = 0; i < 3; i++) await cache.read('eip155:1', `0x${i}`, load, { now: 0 })
  await cache.read('eip155:1', '0x3', load, { now: 150 })
  assert.is(cache.size, 1, 'the three expired ones were dropped')
  for (let i = 4; i < 8; i++) await cache.read('eip155:1', `0x${i}`, load, { now: 160 })
  assert.is(cache.size, 3)
  let read = false
  await cache.read('eip155:1', '0x3', async () => ((read = true), 0), { now: 170 })
  assert.ok(read, 'the oldest went when none had expired')
})

test.run()
