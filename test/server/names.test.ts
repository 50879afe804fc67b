// Names on the reference API: resolve, suggestions, reverse, and registration with a signed
// message; each refused registration leaves the database as it was.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { demoAccount } from '../../dev/chains/index.ts'

const test = suite<ApiCtx>('server names API', {})
withApiServer(test, 'names.test.ts')

const alice = demoAccount(3)
const bob = demoAccount(4)
const COIN_TYPE_1 = (0x80000000 | 1) >>> 0

async function call(ctx: ApiCtx, path: string, body?: unknown) {
  const res = await fetch(`${ctx.api!.url}${path}${path.includes('?') ? '&' : '?'}projectId=test`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as any }
}
async function registration(account = alice, msg: Record<string, unknown> = {}, opts: { coinType?: number; signer?: typeof alice } = {}) {
  const message = JSON.stringify({ name: 'alice.reown.id', attributes: {}, timestamp: Math.floor(Date.now() / 1000), ...msg })
  const signature = await (opts.signer ?? account).signMessage({ message })
  return { coin_type: opts.coinType ?? COIN_TYPE_1, address: account.address, message, signature }
}
const count = async (ctx: ApiCtx) => Number((await ctx.api!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names'))[0]!.n)

test('an unknown name is a 404 with a reason; suggestions list the name and variants', async (ctx) => {
  const missing = await call(ctx, '/v1/profile/account/nobody.reown.id?apiVersion=2')
  assert.is(missing.status, 404)
  assert.match(missing.json.reasons[0].description, /not registered/)
  const s = await call(ctx, '/v1/profile/suggestions/alice?zone=reown.id')
  assert.is(s.status, 200)
  assert.is(s.json.suggestions[0].name, 'alice.reown.id')
  assert.ok(s.json.suggestions.every((x: any) => x.registered === false && x.name.endsWith('.reown.id')))
  assert.is((await call(ctx, '/v1/profile/suggestions/alice?zone=other.id')).status, 400)
})

test('registering stores the name: resolve, reverse, identity and suggestions see it', async (ctx) => {
  const res = await call(ctx, '/v1/profile/account', await registration())
  assert.is(res.status, 200, JSON.stringify(res.json))
  assert.equal(res.json, { success: true })
  const resolved = await call(ctx, '/v1/profile/account/Alice.reown.id?apiVersion=2')
  assert.is(resolved.json.name, 'alice.reown.id')
  assert.is(resolved.json.addresses[String(COIN_TYPE_1)].address, alice.address)
  const reverse = await call(ctx, `/v1/profile/reverse/${alice.address}?apiVersion=2`)
  assert.equal(reverse.json.map((r: any) => r.name), ['alice.reown.id'])
  assert.is((await call(ctx, `/v1/identity/${alice.address}`)).json.name, 'alice.reown.id')
  const s = await call(ctx, '/v1/profile/suggestions/alice?zone=reown.id')
  assert.is(s.json.suggestions[0].registered, true)
})

test('refused: a taken name, a stale timestamp, a bad signature, a short or ill-formed name; nothing stored', async (ctx) => {
  const before = await count(ctx)
  const cases: [string, unknown, number, RegExp][] = [
    ['taken', await registration(bob), 409, /already registered/],
    ['stale', await registration(bob, { name: 'bobby.reown.id', timestamp: Math.floor(Date.now() / 1000) - 3600 }), 400, /expired/],
    ['future', await registration(bob, { name: 'bobby.reown.id', timestamp: Math.floor(Date.now() / 1000) + 3600 }), 400, /expired/],
    ['bad signature', await registration(bob, { name: 'bobby.reown.id' }, { signer: alice }), 401, /Invalid signature/],
    ['short', await registration(bob, { name: 'bob.reown.id' }), 400, /at least 4 characters/],
    ['characters', await registration(bob, { name: 'bob_by.reown.id' }), 400, /letters, digits and hyphens/],
    ['zone', await registration(bob, { name: 'bobby.eth' }), 400, /must end with \.reown\.id/],
    ['coin type', await registration(bob, { name: 'bobby.reown.id' }, { coinType: 0 }), 400, /coin_type/],
    ['not JSON', { ...(await registration(bob)), message: 'hello' }, 400, /message/],
  ]
  for (const [label, body, status, reason] of cases) {
    const res = await call(ctx, '/v1/profile/account', body)
    assert.is(res.status, status, label)
    assert.match(res.json.reasons[0].description, reason, label)
  }
  const badBody = await call(ctx, '/v1/profile/account', { coin_type: 'x', address: bob.address })
  assert.is(badBody.status, 400)
  assert.match(badBody.json.reason, /^body\.coin_type: /)
  assert.is(await count(ctx), before)
  assert.equal((await call(ctx, `/v1/profile/reverse/${bob.address}`)).json, [])
})

test('the coin type of chain 137 verifies against chain 137 and records that coin type', async (ctx) => {
  const coinType = (0x80000000 | 137) >>> 0
  const res = await call(ctx, '/v1/profile/account', await registration(bob, { name: 'bob-on-polygon.reown.id' }, { coinType }))
  assert.is(res.status, 200, JSON.stringify(res.json))
  const resolved = await call(ctx, '/v1/profile/account/bob-on-polygon.reown.id')
  assert.ok(resolved.json.addresses[String(coinType)])
})

test.run()
