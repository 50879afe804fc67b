// The spec's RPC policy (utils/rpc.ts) through real viem transports against real HTTP endpoints:
// a refused first endpoint falls back to the next, a 503 is retried 3 times, a lasting one moves on.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, fallback, http, type Transport } from 'viem'
import { RPC_RETRY, rpcTransport } from '../../src/utils/rpc'
import { endpointsFor, refusedUrl } from './rpc-server'

const test = suite('utils/rpc: every endpoint, the spec retry and timeout')
const endpoints = endpointsFor(test)

const client = (urls: string[]) => createPublicClient({ transport: rpcTransport<Transport, Transport>({ http, fallback }, urls) })

test('the policy: 3 retries from 150 ms, 10 s timeout', () => {
  assert.equal({ ...RPC_RETRY }, { retryCount: 3, retryDelay: 150, timeout: 10_000 })
})

test('behavior: the first endpoint refused: the answer comes from the second', async () => {
  assert.is(await client([await refusedUrl(), endpoints.a.url]).getChainId(), 1)
  assert.is(endpoints.a.requests, 1)
})

test('behavior: a 503 is retried on the same endpoint (3 retries): the fourth try answers, the second endpoint is not asked', async () => {
  endpoints.a.failing = 3
  assert.is(await client([endpoints.a.url, endpoints.b.url]).getChainId(), 1)
  assert.is(endpoints.a.requests, 4)
  assert.is(endpoints.b.requests, 0)
})

test('behavior: an endpoint still failing after its retries gives way to the next', async () => {
  endpoints.a.failing = 100
  assert.is(await client([endpoints.a.url, endpoints.b.url]).getChainId(), 1)
  assert.is(endpoints.a.requests, 4, 'one try and 3 retries')
  assert.is(endpoints.b.requests, 1)
})

test('behavior: a single endpoint failing throws after its retries', async () => {
  endpoints.a.failing = 100
  endpoints.a.status = 500
  let error: unknown
  await client([endpoints.a.url]).getChainId().catch((e: unknown) => (error = e))
  assert.ok(error, 'it throws')
  assert.is(endpoints.a.requests, 4)
})

test.run()
