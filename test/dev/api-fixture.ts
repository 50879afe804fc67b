// Real chains and the reference API server for a test suite, with guaranteed teardown and a
// watchdog that tears down and exits if the file hangs.
import type { Test } from 'uvu'
import { startApiServer, type ApiServer, type ApiServerOptions } from '../../server/index.ts'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import { startPostgres, type TestPostgres } from '../server/postgres.ts'
import { watchdogMs } from '../watchdog.ts'

export interface ApiCtx {
  chains?: LocalChains
  api?: ApiServer
  postgres?: TestPostgres
}

/** Chains and a server on PGlite in memory, or on a real Postgres when `postgres` is set. */
export function withApiServer(test: Test<ApiCtx>, label: string, opts: { postgres?: boolean; timeoutMs?: number; server?: Partial<ApiServerOptions> } = {}): void {
  const timeoutMs = opts.timeoutMs ?? 60_000
  let teardown = async () => {}
  const watchdog = setTimeout(() => {
    console.error(`${label}: timed out`)
    void teardown().finally(() => process.exit(1))
  }, watchdogMs(timeoutMs))
  test.before(async (ctx) => {
    teardown = async () => {
      await ctx.api?.stop()
      await ctx.chains?.stop()
      await ctx.postgres?.stop()
    }
    try {
      const [chains, postgres] = await Promise.all([startChains(), opts.postgres ? startPostgres() : undefined])
      ctx.chains = chains
      ctx.postgres = postgres
      ctx.api = await startApiServer({ chains: chains.chains, databaseUrl: await postgres?.createDatabase(), onrampSandbox: true, ...opts.server })
    } catch (error) {
      // uvu counts a failed before hook against every test but prints nothing of it.
      console.error(`${label}: set-up failed:`, error)
      throw error
    }
  })
  test.after(async () => {
    await teardown()
    clearTimeout(watchdog)
  })
}
