// The endpoint handed to what takes one URL (the embedded wallet's frame): the first of the
// network's endpoints that answers, against real HTTP endpoints.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { healthyRpcUrl } from '../../src/lazy/evm/index'
import { refusedUrl, rpcEndpoint, type RpcEndpoint } from '../utils/rpc-server'

const test = suite('lazy/evm: the first healthy endpoint')
let a: RpcEndpoint
let b: RpcEndpoint
test.before(async () => {
  a = await rpcEndpoint()
  b = await rpcEndpoint()
})
test.after(async () => {
  await Promise.all([a.close(), b.close()])
})

test('behavior: one endpoint is taken as it is, unasked', async () => {
  assert.is(await healthyRpcUrl([a.url]), a.url)
  assert.is(a.requests, 0)
})

test('behavior: the first endpoint refused: the second, found once and then kept', async () => {
  const refused = await refusedUrl()
  assert.is(await healthyRpcUrl([refused, a.url, b.url]), a.url)
  assert.is(a.requests, 1)
  assert.is(await healthyRpcUrl([refused, a.url, b.url]), a.url)
  assert.is(a.requests, 1, 'kept, not asked again')
  assert.is(b.requests, 0)
})

test('behavior: the first answering after retries is still the first', async () => {
  b.failing = 2
  assert.is(await healthyRpcUrl([b.url, a.url]), b.url)
  assert.is(b.requests, 3)
})

test('behavior: none answering gives the first (the caller then fails with its own error)', async () => {
  const [x, y] = [await refusedUrl(), await refusedUrl()]
  assert.is(await healthyRpcUrl([x, y]), x)
})

test.run()
