// The reference API with its database behind the fault switch (dev/faults): while the database is
// out of reach, what needs it answers 503 with a message, what does not (the wallet catalogue)
// still answers, and everything works again once the database is back. Run on PGlite
// (db-faults.test.ts) and on a real Postgres through a TCP switch (db-faults-postgres.test.ts).
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ApiServer } from '../../server/index.ts'
import type { FaultMode, FaultSwitch } from '../../dev/faults/index.ts'

export interface DbFaultCtx {
  api?: ApiServer
  db?: FaultSwitch
}

// A name lookup reads the database: 404 (not registered) proves it was reached.
const NAME = '/v1/profile/account/nobody.reown.id?apiVersion=2&projectId=test'
const CATALOGUE = '/getWallets?page=1&entries=4&projectId=test'

async function call(ctx: DbFaultCtx, path: string) {
  const res = await fetch(`${ctx.api!.url}${path}`)
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as any }
}

export function dbFaultCases(test: Test<DbFaultCtx>, modes: FaultMode[]): void {
  test('healthy: the name lookup reaches the database', async (ctx) => {
    assert.is((await call(ctx, NAME)).status, 404)
  })

  for (const mode of modes) {
    test(`database ${mode}: 503 with a message while it lasts; the catalogue still answers; back to normal once the database is`, async (ctx) => {
      ctx.db!.set(mode)
      const down = await call(ctx, NAME)
      assert.is(down.status, 503)
      assert.is(down.json.reason, 'The database is unavailable; try again shortly')
      assert.is(down.retryAfter, '5')
      const catalogue = await call(ctx, CATALOGUE)
      assert.is(catalogue.status, 200)
      assert.ok(catalogue.json.data.length > 0)
      ctx.db!.set('none')
      assert.is((await call(ctx, NAME)).status, 404)
    })
  }

  test('database slow: answers late, not in error', async (ctx) => {
    ctx.db!.set('slow', { delayMs: 300 })
    const started = Date.now()
    assert.is((await call(ctx, NAME)).status, 404)
    ctx.db!.set('none')
    assert.ok(Date.now() - started >= 300)
  })
}
