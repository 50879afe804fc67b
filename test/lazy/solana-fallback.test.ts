// The Solana chunk's endpoints (lazy/solana rpcFor) under the spec's RPC policy, against real HTTP
// endpoints: a refused first endpoint gives way to the next, a 503 is retried 3 times on the same.
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { endpointsFor, refusedUrl } from '../utils/rpc-server'

// @solana/kit's Node build wants Node's own AbortSignal and fetch, not happy-dom's (see solana-rpc.test.ts).
if (GlobalRegistrator.isRegistered) await GlobalRegistrator.unregister()
const { rpcFor } = await import('../../src/lazy/solana/index')

const test = suite('lazy/solana: every endpoint, the spec retry')
const endpoints = endpointsFor(test)

test('behavior: the first endpoint refused: the answer comes from the second', async () => {
  assert.is(await rpcFor([await refusedUrl(), endpoints.a.url]).getHealth().send(), '0x1')
  assert.is(endpoints.a.requests, 1)
})

test('behavior: a 503 is retried on the same endpoint (3 retries): the fourth try answers', async () => {
  endpoints.a.failing = 3
  assert.is(await rpcFor([endpoints.a.url, endpoints.b.url]).getHealth().send(), '0x1')
  assert.is(endpoints.a.requests, 4)
  assert.is(endpoints.b.requests, 0)
})

test('behavior: still failing after its retries, the next endpoint answers; a 400 is not retried', async () => {
  endpoints.a.failing = 100
  assert.is(await rpcFor([endpoints.a.url, endpoints.b.url]).getHealth().send(), '0x1')
  assert.is(endpoints.a.requests, 4)
  assert.is(endpoints.b.requests, 1)
  Object.assign(endpoints.a, { requests: 0, failing: 100, status: 400 })
  let error: unknown
  await rpcFor([endpoints.a.url]).getHealth().send().catch((e: unknown) => (error = e))
  assert.ok(error)
  assert.is(endpoints.a.requests, 1)
})

test.run()
