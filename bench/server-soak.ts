// `npm run bench:server -- --soak`: the mix held at 50 % of its saturation for 10 minutes (or
// --minutes); the server's RSS and event-loop delay sampled every 10 s. It passes when RSS grew
// under 5 % over the second half and no request failed.
import { fileURLToPath } from 'node:url'
import type { LocalChains } from '../dev/chains/index.ts'
import { load } from './server-load.ts'
import { mb } from './server-report.ts'
import { benchRoutes, mixRequests, MIX_LENGTH } from './server-routes.ts'
import { startTarget, type Target } from './server-target.ts'

const SAMPLE_S = 10

export interface SoakOptions {
  chains: LocalChains
  me: string
  db: Target['db']
  minutes: number
  connections: number
  progress: (line: string) => void
}

interface Sample { s: number; rss: number; eldP99: number; eldMax: number; rps: number; p99: number; errors: number }

export async function soak(opts: SoakOptions): Promise<boolean> {
  let eld = { p99: 0, max: 0 }
  const preload = fileURLToPath(new URL('./server-eld.ts', import.meta.url))
  const log = (chunk: string) => {
    for (const m of chunk.matchAll(/^eld (\{.*\})$/gm)) eld = JSON.parse(m[1]!) as typeof eld
  }
  opts.progress(`soak on ${opts.db}: starting the server`)
  const target = await startTarget(opts.db, opts.chains, opts.me, { preload, log })
  const samples: Sample[] = []
  try {
    const url = target.server.url
    const routes = benchRoutes(url, opts.me)
    const saturation = await load({ url, requests: await mixRequests(routes, 200), seconds: 5, connections: opts.connections })
    const rate = saturation.rps * 0.5
    opts.progress(`the mix saturates at ${Math.round(saturation.rps)} req/s; holding ${Math.round(rate)} req/s for ${opts.minutes} min`)
    const start = Date.now()
    while (Date.now() - start < opts.minutes * 60_000) {
      const requests = await mixRequests(routes, Math.ceil((rate * SAMPLE_S * 1.2) / MIX_LENGTH) + 5)
      const r = await load({ url, requests, seconds: SAMPLE_S, connections: opts.connections, rate })
      const sample = { s: Math.round((Date.now() - start) / 1000), rss: target.server.rss(), eldP99: eld.p99, eldMax: eld.max, rps: Math.round(r.rps), p99: r.p99, errors: r.errors + r.non2xx }
      samples.push(sample)
      opts.progress(`  ${sample.s} s: RSS ${mb(sample.rss)}, event-loop delay p99 ${sample.eldP99} ms (max ${sample.eldMax}), ${sample.rps} req/s, p99 ${sample.p99} ms, ${sample.errors} errors`)
    }
  } finally {
    await target.stop()
  }
  const half = samples[Math.floor(samples.length / 2)]!
  const last = samples.at(-1)!
  const growth = (last.rss - half.rss) / half.rss
  const errors = samples.reduce((n, x) => n + x.errors, 0)
  console.log(`\n### Soak (${opts.db}, ${opts.minutes} min at 50 % of the mix's saturation)\n`)
  console.log('| s | RSS | event-loop delay p99 / max ms | req/s | p99 ms | errors |\n|---:|---:|---:|---:|---:|---:|')
  for (const x of samples) console.log(`| ${x.s} | ${mb(x.rss)} | ${x.eldP99} / ${x.eldMax} | ${x.rps} | ${x.p99} | ${x.errors} |`)
  const ok = growth < 0.05 && errors === 0
  console.log(`\nRSS over the second half: ${mb(half.rss)} → ${mb(last.rss)} (${(growth * 100).toFixed(1)} %); ${errors} errors: ${ok ? 'pass' : 'FAIL'}`)
  return ok
}
