// A stack's bundlers on demand (dev/aa/on-demand.ts): no Alto runs until the bundler URL gets its
// first request; then requests (a browser's CORS preflight too) reach Alto, and once stopped
// the URL refuses connections and no Alto is left.
import { readdirSync, readFileSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { entryPoint07Address } from 'viem/account-abstraction'
import { startChains, type LocalChains } from '../../dev/chains/index.ts'
import { startAccountAbstraction, type AccountAbstraction } from '../../dev/aa/index.ts'
import { watchdogMs } from '../watchdog.ts'

const test = suite<{ chains?: LocalChains; aa?: AccountAbstraction }>('dev/aa: bundlers on demand')
const watchdog = setTimeout(() => (console.error('aa-on-demand.test.ts: timed out'), process.exit(1)), watchdogMs(120_000))

/** This process's Alto children. */
function altos(): number[] {
  const pids: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (parent === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('alto.js')) pids.push(Number(name))
    } catch {
      // ended meanwhile
    }
  }
  return pids
}

const rpc = (url: string, method: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) })

test.before(async (ctx) => {
  ctx.chains = await startChains({ chainIds: [1] })
  ctx.aa = await startAccountAbstraction(ctx.chains.chains, { onDemand: true })
})
test.after(async (ctx) => {
  await ctx.aa?.stop()
  await ctx.chains?.stop()
  clearTimeout(watchdog)
})

test('no Alto runs before the first request; the first request starts it and gets its answer', async ({ aa }) => {
  const url = aa!.bundlerUrls['eip155:1']!
  assert.equal(altos(), [])
  // Two at once: one Alto starts, both are answered.
  const answers = await Promise.all([rpc(url, 'eth_supportedEntryPoints'), rpc(url, 'eth_chainId')])
  assert.equal(((await answers[0].json()) as { result?: string[] }).result, [entryPoint07Address])
  assert.is(((await answers[1].json()) as { result?: string }).result, '0x1')
  assert.is(altos().length, 1)
})

test("a browser's CORS preflight reaches Alto, which allows the secure site's origin", async ({ aa }) => {
  const res = await fetch(aa!.bundlerUrls['eip155:1']!, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
  assert.ok(res.status < 300, `status ${res.status}`)
  assert.ok(res.headers.get('access-control-allow-origin'), 'no CORS header')
})

test('stopped, the URL refuses connections and no Alto is left', async ({ aa }) => {
  const url = aa!.bundlerUrls['eip155:1']!
  await aa!.stop()
  assert.equal(altos(), [])
  const error = await rpc(url, 'eth_chainId').then(() => undefined, (e: Error) => e)
  assert.instance(error, Error)
})

test.run()
