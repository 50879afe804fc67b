// Database faults on the default database (PGlite, in process): the stack's failing Db.
import { suite } from 'uvu'
import { startApiServer } from '../../server/index.ts'
import { openDb } from '../../server/db/index.ts'
import { faultyDb } from '../../dev/faults/db.ts'
import { dbFaultCases, type DbFaultCtx } from './db-faults-cases.ts'

const test = suite<DbFaultCtx>('server: database down (PGlite)', {})
test.before(async (ctx) => {
  const db = faultyDb(await openDb({}), { hangMs: 300 })
  ctx.db = db
  ctx.api = await startApiServer({ chains: [], db, indexer: false, onrampSandbox: false })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
})
dbFaultCases(test, ['refuse', 'hang', '500', 'garbage', 'drop'])
test.run()
