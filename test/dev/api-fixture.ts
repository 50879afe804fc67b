// Real chains and the reference API server for a test suite, with guaranteed teardown and a
// watchdog that tears down and exits if the file hangs.
import type { Test } from 'uvu'
import { startApiServer, type ApiServer } from '../../server/index.ts'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'

export interface ApiCtx {
  chains?: LocalChains
  api?: ApiServer
}

export function withApiServer(test: Test<ApiCtx>, label: string, timeoutMs = 60_000): void {
  let teardown = async () => {}
  const watchdog = setTimeout(() => {
    console.error(`${label}: timed out`)
    void teardown().finally(() => process.exit(1))
  }, timeoutMs)
  test.before(async (ctx) => {
    teardown = async () => {
      await ctx.api?.stop()
      await ctx.chains?.stop()
    }
    ctx.chains = await startChains()
    ctx.api = await startApiServer({ chains: ctx.chains.chains })
  })
  test.after(async () => {
    await teardown()
    clearTimeout(watchdog)
  })
}
