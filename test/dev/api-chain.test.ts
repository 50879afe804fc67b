// The reference server's blockchain API against real anvil chains, on PGlite: balances, history, identity, prices.
import { suite } from 'uvu'
import { blockchainApiCases } from './api-chain-cases.ts'
import { withApiServer, type ApiCtx } from './api-fixture.ts'

const test = suite<ApiCtx>('server blockchain API (PGlite)', {})
withApiServer(test, 'api-chain.test.ts')
blockchainApiCases(test)
test.run()
