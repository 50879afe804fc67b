// The reference services refuse abuse (README, Security): SIWX, Farcaster custody, the onramp
// sandbox, analytics, body caps, internal errors, SMTP, purging and bounded lists, on PGlite.
import { suite } from 'uvu'
import { withApiServer, type ApiCtx } from '../dev/api-fixture.ts'
import { siwxAbuseCases } from './hardening/siwx-abuse.ts'
import { serviceAbuseCases } from './hardening/service-abuse.ts'
import { cleanupCases } from './hardening/cleanup.ts'
import { farcasterCustodyCases } from './hardening/farcaster-custody.ts'

const test = suite<ApiCtx>('server refuses abuse (PGlite)', {})
withApiServer(test, 'hardening.test.ts', { timeoutMs: 540_000, server: { indexer: false } })
siwxAbuseCases(test)
serviceAbuseCases(test)
cleanupCases(test)
farcasterCustodyCases(test)
test.run()
