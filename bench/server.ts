// `npm run bench:server`: the reference server under load, on PGlite then on a real Postgres,
// against the local chains and Solana ledger, beside a bare Node floor; then two servers on one Postgres losing one.
// `--soak [minutes]` instead holds the mix at 50 % of saturation (bench/server-soak.ts).
// Options: --seconds N (per run, default 5), --db pglite|postgres, --routes a,b (by name start),
// --no-failover, --cpu-prof DIR (the server's profile, written when it stops).
import { parseArgs } from 'node:util'
import { startChains, type LocalChains } from '../dev/chains/index.ts'
import { startSolana, type LocalSolana } from '../dev/solana/index.ts'
import { runFailover } from './server-failover.ts'
import { startFloor } from './server-floor.ts'
import { load, type LoadRequest, type LoadResult } from './server-load.ts'
import { fileURLToPath } from 'node:url'
import { mb, resourceLine, routeTable, verdicts, type RouteFigures, type ServerTimes } from './server-report.ts'
import { benchRoutes, mixRequests, MIX_LENGTH, shortfall } from './server-routes.ts'
import { seedHistory } from './server-seed.ts'
import { soak } from './server-soak.ts'
import { SEEDED, startTarget, type Target } from './server-target.ts'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    db: { type: 'string' },
    routes: { type: 'string' },
    'no-failover': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    soak: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
  },
})
const SECONDS = Number(args.seconds)
const CONNECTIONS = 16
/** Signed bodies prepared for a saturation run of a write route (it ends when they are spent). */
const SATURATION_POOL = 100 * SECONDS
const READ_BOUND_MS = 50
const started = Date.now()
const progress = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`)
const fmt = (r: LoadResult) => `${Math.round(r.rps)} req/s, p50 ${r.p50} p99 ${r.p99} p999 ${r.p999} ms, ${r.errors + r.non2xx} errors`

/** Saturation, then 50 % and 80 % of it, for one route (or the mix). */
async function measure(url: string, name: string, read: boolean, prepare: (count: number) => Promise<LoadRequest[]>, pooled: boolean, perRequest = 1, inside?: () => Promise<ServerTimes>): Promise<RouteFigures> {
  const run = async (rate?: number) => {
    // A timed run at saturation (the mix) prepares for 1,500 requests/s, past what one server answers.
    const count = rate ? Math.ceil((rate * SECONDS * 1.1) / perRequest) + 20 : Math.ceil((pooled ? SATURATION_POOL : 1500 * SECONDS) / perRequest)
    const requests = await prepare(count)
    // Pooled runs stop when their bodies are spent: at saturation that ends the run early.
    return load({ url, requests, seconds: SECONDS, connections: CONNECTIONS, rate, ...(pooled && !rate ? { amount: count * perRequest } : {}) })
  }
  const saturation = await run()
  progress(`  ${name}: saturation ${fmt(saturation)}`)
  const at50 = await run(saturation.rps * 0.5)
  progress(`  ${name}: at 50 % ${fmt(at50)}`)
  await inside?.() // from here on
  const at80 = await run(saturation.rps * 0.8)
  const server80 = await inside?.()
  progress(`  ${name}: at 80 % ${fmt(at80)}${server80 ? `; in the server p50 ${server80.p50} p99 ${server80.p99} p999 ${server80.p999} ms` : ''}`)
  return { name, read, saturation, at50, at80, server80 }
}

/** The server's own request times (bench/server-timer.ts loaded into it): each call ends a period and starts the next. */
function serverTimer() {
  const waiting: ((t: ServerTimes) => void)[] = []
  return {
    preload: fileURLToPath(new URL('./server-timer.ts', import.meta.url)),
    log(chunk: string) {
      for (const m of chunk.matchAll(/^srv (\{.*\})$/gm)) waiting.shift()?.(JSON.parse(m[1]!) as ServerTimes)
    },
    take(pid: number): Promise<ServerTimes> {
      return new Promise((resolve) => {
        waiting.push(resolve)
        process.kill(pid, 'SIGUSR2')
      })
    },
  }
}

async function benchDatabase(db: Target['db'], chains: LocalChains, solana: LocalSolana, me: string, floorRps: number) {
  progress(`${db}: starting the server and indexing the history`)
  const timer = serverTimer()
  const target = await startTarget(db, chains, me, { cpuProfDir: args['cpu-prof'], solanaRpcUrl: solana.rpcUrl, preload: timer.preload, log: timer.log })
  const inside = () => timer.take(target.server.pid)
  try {
    const url = target.server.url
    const before = { rss: target.server.rss(), size: await target.size() }
    const routes = benchRoutes(url, me, solana.accounts[0]!.address).filter((r) => !args.routes || args.routes.split(',').some((p) => r.name.startsWith(p)))
    const rows: RouteFigures[] = []
    for (const r of routes) rows.push(await measure(url, r.name, r.read, (count) => r.prepare(count), !!r.pooled, 1, inside))
    if (!args.routes) rows.push(await measure(url, 'the mix', true, (count) => mixRequests(benchRoutes(url, me, solana.accounts[0]!.address), count), false, MIX_LENGTH, inside))
    const after = { rss: target.server.rss(), size: await target.size() }
    return { db, rows, resources: resourceLine(db, before, after), verdicts: verdicts(rows, floorRps, READ_BOUND_MS) }
  } finally {
    await target.stop()
  }
}

async function main() {
  progress(`starting the local chains and the Solana ledger, and seeding ${SEEDED} transactions of history`)
  const [chains, solana] = await Promise.all([startChains(), startSolana()])
  try {
    const me = await seedHistory(chains, SEEDED, (done) => progress(`  ${done} sent`))
    if (args.soak) {
      const ok = await soak({ chains, me, db: (args.db ?? 'pglite') as Target['db'], minutes: Number(args.minutes), connections: CONNECTIONS, progress })
      process.exitCode = ok ? 0 : 1
      return
    }
    const floor = await startFloor()
    const floorRuns = await measure(floor.url, 'bare Node http (the floor)', true, async () => [{ path: '/' }], false)
    floor.stop()
    const dbs = (args.db ? args.db.split(',') : ['pglite', 'postgres']) as Target['db'][]
    const results = []
    for (const db of dbs) results.push(await benchDatabase(db, chains, solana, me, floorRuns.saturation.rps))
    let failover
    if (!args['no-failover']) {
      progress('failover: two servers on one Postgres, the indexing one killed mid-load')
      failover = await runFailover({ chains, writes: 1500, concurrency: CONNECTIONS, log: (l) => progress(`  ${l}`) })
    }
    console.log(`\n## Reference services under load (${new Date().toISOString().slice(0, 10)}, ${SECONDS} s a run, ${CONNECTIONS} connections)\n`)
    for (const r of results) {
      console.log(`### ${r.db}\n\n${routeTable([floorRuns, ...r.rows], floorRuns.saturation.rps)}\n\n${r.resources}`)
      console.log(r.verdicts.length ? `Outside the bounds: ${r.verdicts.join('; ')}\n` : `Every read's p99 at 80 % is under ${READ_BOUND_MS} ms; every route is above 10 % of the floor.\n`)
    }
    if (shortfall.count) console.log(`${shortfall.count} requests ran past their prepared signed bodies (counted as errors above)`)
    if (failover) console.log(`### Failover\n\n\`\`\`\n${JSON.stringify(failover, null, 2)}\n\`\`\``)
    console.log(`\nTook ${((Date.now() - started) / 60_000).toFixed(1)} min; peak RSS of this process ${mb(process.memoryUsage().rss)}`)
  } finally {
    await Promise.all([chains.stop(), solana.stop()])
  }
}

await main()
