// The same auth service cases as siwx.test.ts, with the server on a real PostgreSQL 18.
import { suite } from 'uvu'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { siwxCases } from './siwx/cases.ts'

const test = suite<ApiCtx>('server auth (Postgres)', {})
withApiServer(test, 'siwx-postgres.test.ts', { postgres: true })
siwxCases(test)
test.run()
