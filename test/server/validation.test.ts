// Bad input on every blockchain API route is a 400 with a JSON reason naming the field, never a 500.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { encodeCursor } from '../../server/history.ts'

const test = suite<ApiCtx>('server parameter validation', {})
withApiServer(test, 'validation.test.ts')

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

async function expect400(ctx: ApiCtx, path: string, reason: RegExp, init?: RequestInit) {
  const res = await fetch(ctx.api!.url + path, init)
  assert.is(res.status, 400, path)
  assert.match(res.headers.get('content-type') ?? '', /application\/json/)
  assert.match(((await res.json()) as { reason: string }).reason, reason, path)
}

test('bad addresses', async (ctx) => {
  for (const bad of ['0x123', 'not-an-address', '0xZZf39Fd6e51aad88F6F4ce6aB8827279cffFb922', '%E0%A4%A']) {
    await expect400(ctx, `/v1/account/${bad}/balance?projectId=test`, /^address: |not valid URL encoding/)
    await expect400(ctx, `/v1/account/${bad}/history?projectId=test`, /^address: |not valid URL encoding/)
    await expect400(ctx, `/v1/identity/${bad}?projectId=test`, /^address: |not valid URL encoding/)
  }
})

test('unknown or malformed chainId', async (ctx) => {
  for (const chainId of ['eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'cosmos:hub']) {
    await expect400(ctx, `/v1/account/${A}/balance?projectId=test&chainId=${chainId}`, /^chainId: must be one of the chains served here/)
    await expect400(ctx, `/v1/account/${A}/history?projectId=test&chainId=${chainId}`, /^chainId: must be one of the chains served here/)
  }
  await expect400(ctx, `/v1/account/${A}/history?projectId=test&chainId=1`, /^chainId: must be a CAIP-2/)
})

test('bad cursors', async (ctx) => {
  const forged = [
    'x'.repeat(400),
    'not a cursor',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('[1,2,3]').toString('base64url'),
    Buffer.from('[1,"eip155:1","x",0]').toString('base64url'),
  ]
  for (const cursor of forged) await expect400(ctx, `/v1/account/${A}/history?projectId=test&cursor=${encodeURIComponent(cursor)}`, /^cursor: is not a cursor from this API/)
  // A well-formed cursor past every item is an empty page, not an error.
  const res = await fetch(`${ctx.api!.url}/v1/account/${A}/history?projectId=test&cursor=${encodeCursor([0, 'eip155:1', 0, 0])}`)
  assert.is(res.status, 200)
  assert.equal(await res.json(), { data: [], next: null })
})

test('other parameters and bodies', async (ctx) => {
  await expect400(ctx, `/v1/account/${A}/balance?projectId=test&currency=eur`, /^currency: /)
  await expect400(ctx, `/v1/account/${A}/balance?projectId=test&forceUpdate=${'x'.repeat(300)}`, /^forceUpdate: /)
  await expect400(ctx, `/v1/identity/${A}?projectId=test&sender=0x1`, /^sender: /)
  const post = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body })
  await expect400(ctx, '/v1/fungible/price', /^body: not valid JSON/, post('{'))
  await expect400(ctx, '/v1/fungible/price', /addresses/, post(JSON.stringify({ projectId: 'test', addresses: [] })))
  await expect400(ctx, '/v1/fungible/price', /currency/, post(JSON.stringify({ projectId: 'test', currency: 'btc', addresses: [`eip155:1:${A}`] })))
})

test.run()
