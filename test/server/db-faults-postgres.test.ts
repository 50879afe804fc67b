// Database faults on a real Postgres: the pg pool reaches it through the stack's TCP fault switch,
// so each fault is a real one on the wire (reset, silence, a FATAL reply, bytes of no protocol, a cut).
import { suite } from 'uvu'
import { startApiServer } from '../../server/index.ts'
import { databaseBehindSwitch } from '../../dev/faults/index.ts'
import { startPostgres, type TestPostgres } from './postgres.ts'
import { dbFaultCases, type DbFaultCtx } from './db-faults-cases.ts'

const test = suite<DbFaultCtx & { postgres?: TestPostgres; stopSwitch?: () => Promise<void> }>('server: database down (Postgres)', {})
test.before(async (ctx) => {
  ctx.postgres = await startPostgres()
  const database = await databaseBehindSwitch({ databaseUrl: await ctx.postgres.createDatabase() })
  ctx.db = database.switch
  ctx.stopSwitch = () => database.stop()
  ctx.api = await startApiServer({ chains: [], db: database.db, indexer: false, onrampSandbox: false })
})
test.after(async (ctx) => {
  await ctx.api?.stop()
  await ctx.stopSwitch?.()
  await ctx.postgres?.stop()
})
dbFaultCases(test, ['refuse', 'hang', '500', 'garbage', 'drop'])
test.run()
