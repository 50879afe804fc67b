// The reference auth service (SIWX nonces, sign-in, sessions, revoke) on PGlite, against anvil; Bitcoin sign-in too.
import { suite } from 'uvu'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { siwxCases } from './siwx/cases.ts'
import { bitcoinSiwxCases } from './siwx/bitcoin-cases.ts'

const test = suite<ApiCtx>('server auth (PGlite)', {})
withApiServer(test, 'siwx.test.ts')
siwxCases(test)
bitcoinSiwxCases(test)
test.run()
