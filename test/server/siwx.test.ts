// The reference auth service (SIWX nonces, sign-in, sessions, revoke) on PGlite, against anvil.
import { suite } from 'uvu'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { siwxCases } from './siwx/cases.ts'

const test = suite<ApiCtx>('server auth (PGlite)', {})
withApiServer(test, 'siwx.test.ts')
siwxCases(test)
test.run()
