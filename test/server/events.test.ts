// POST /e on the reference API: single events and batches land in the database (migration 008),
// each validated; a resent batch adds nothing; a bad body stores nothing.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { readEvents, MAX_BATCH } from '../../server/events.ts'

const test = suite<ApiCtx>('server analytics events', {})
withApiServer(test, 'events.test.ts')

const post = (ctx: ApiCtx, body: unknown, query = 'projectId=test&st=appkit&sv=html-core-1.0.0') =>
  fetch(`${ctx.api!.url}/e?${query}`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
const event = (id: string, name = 'MODAL_OPEN', extra: Record<string, unknown> = {}) =>
  ({ eventId: id, url: 'http://127.0.0.1:5173/', domain: '127.0.0.1', timestamp: 1_700_000_000_000, props: { type: 'track', event: name, properties: { connected: false }, ...extra } })

test('behavior: one event is stored with its query, name and props', async (ctx) => {
  assert.is((await post(ctx, event('one-1', 'MODAL_OPEN', { address: '0xabc' }))).status, 200)
  const [stored] = (await readEvents(ctx.api!.db, 'test')).filter((e) => e.eventId === 'one-1')
  assert.equal(stored, {
    eventId: 'one-1', projectId: 'test', st: 'appkit', sv: 'html-core-1.0.0', url: 'http://127.0.0.1:5173/', domain: '127.0.0.1',
    event: 'MODAL_OPEN', timestamp: 1_700_000_000_000, props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false }, address: '0xabc' },
  })
})

test('behavior: a batch is stored whole; sending it again adds nothing', async (ctx) => {
  const batch = [event('b-1', 'CONNECT_SUCCESS'), event('b-2', 'MODAL_CLOSE')]
  assert.is((await post(ctx, batch)).status, 200)
  assert.is((await post(ctx, batch)).status, 200)
  const ids = (await readEvents(ctx.api!.db, 'test')).map((e) => e.eventId).filter((id) => id.startsWith('b-'))
  assert.equal(ids, ['b-1', 'b-2'])
})

test('behavior: invalid bodies are 400 naming the field and store nothing; an unknown project is refused', async (ctx) => {
  const count = async () => (await readEvents(ctx.api!.db, 'test')).length
  const before = await count()
  const noName = await post(ctx, { ...event('x-1'), props: { type: 'track' } })
  assert.is(noName.status, 400)
  assert.match(((await noName.json()) as { reason: string }).reason, /event/)
  assert.is((await post(ctx, [event('x-2'), { ...event('x-3'), timestamp: 'soon' }])).status, 400)
  assert.is((await post(ctx, [])).status, 400)
  assert.is((await post(ctx, Array.from({ length: MAX_BATCH + 1 }, (_, i) => event(`x-big-${i}`)))).status, 400)
  assert.is((await post(ctx, '{oops')).status, 400)
  assert.is((await post(ctx, event('x-4'), 'projectId=nobody')).status, 403)
  assert.is(await count(), before)
})

test.run()
