// The endpoint handed to what takes one URL (the embedded wallet's frame): the first of the
// network's endpoints that answers, against real HTTP endpoints.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { healthyRpcUrl } from '../../src/lazy/evm/index'
import { endpointsFor, refusedUrl } from '../utils/rpc-server'

const test = suite('lazy/evm: the first healthy endpoint')
const endpoints = endpointsFor(test)

test('behavior: one endpoint is taken as it is, unasked', async () => {
  assert.is(await healthyRpcUrl([endpoints.a.url]), endpoints.a.url)
  assert.is(endpoints.a.requests, 0)
})

test('behavior: the first endpoint refused: the second, found once and then kept', async () => {
  const refused = await refusedUrl()
  assert.is(await healthyRpcUrl([refused, endpoints.a.url, endpoints.b.url]), endpoints.a.url)
  assert.is(endpoints.a.requests, 1)
  assert.equal(endpoints.a.methods, ['eth_chainId'])
  assert.is(await healthyRpcUrl([refused, endpoints.a.url, endpoints.b.url]), endpoints.a.url)
  assert.is(endpoints.a.requests, 1, 'kept, not asked again')
  assert.is(endpoints.b.requests, 0)
})

test('behavior: Solana endpoints are asked getHealth, and that answer is not taken for eth_chainId', async () => {
  const refused = await refusedUrl()
  assert.is(await healthyRpcUrl([refused, endpoints.b.url], 'getHealth'), endpoints.b.url)
  assert.equal(endpoints.b.methods, ['getHealth'])
  assert.is(await healthyRpcUrl([refused, endpoints.b.url]), endpoints.b.url)
  assert.equal(endpoints.b.methods, ['getHealth', 'eth_chainId'], 'the same endpoints asked again, in their own words')
})

test('behavior: the first answering after retries is still the first', async () => {
  endpoints.b.failing = 2
  assert.is(await healthyRpcUrl([endpoints.b.url, endpoints.a.url]), endpoints.b.url)
  assert.is(endpoints.b.requests, 3)
})

test('behavior: none answering gives the first (the caller then fails with its own error)', async () => {
  const [x, y] = [await refusedUrl(), await refusedUrl()]
  assert.is(await healthyRpcUrl([x, y]), x)
})

test.run()
