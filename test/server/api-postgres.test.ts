// The same blockchain API cases as test/dev/api-chain.test.ts, with the server on a real PostgreSQL 18.
import { suite } from 'uvu'
import { blockchainApiCases } from '../dev/api-chain-cases.ts'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'

const test = suite<ApiCtx>('server blockchain API (Postgres)', {})
withApiServer(test, 'api-postgres.test.ts', { postgres: true })
blockchainApiCases(test)
test.run()
