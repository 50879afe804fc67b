// The benchmark's tables, as Markdown (the README's section carries them as printed).
import type { LoadResult } from './server-load.ts'

/** Requests' time inside the server over one run (bench/server-timer.ts), in ms. */
export interface ServerTimes {
  count: number
  p50: number
  p99: number
  p999: number
}

export interface RouteFigures {
  name: string
  read: boolean
  saturation: LoadResult
  at50: LoadResult
  at80: LoadResult
  /** Inside the server at 80 %; absent for the floor. */
  server80?: ServerTimes
}

const ms = (r: LoadResult) => `${r.p50} / ${r.p99} / ${r.p999}`
const n = (x: number) => Math.round(x).toLocaleString('en-US')
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

export function routeTable(rows: RouteFigures[], floorRps: number): string {
  const lines = [
    '| route | req/s at saturation | of the floor | p50 / p99 / p999 ms at 50 % | p50 / p99 / p999 ms at 80 % | in the server at 80 %: p50 / p99 / p999 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of rows) {
    const errors = [r.saturation, r.at50, r.at80].reduce((sum, x) => sum + x.errors + x.non2xx, 0)
    const inside = r.server80 ? `${r.server80.p50} / ${r.server80.p99} / ${r.server80.p999}` : '–'
    lines.push(`| ${r.name} | ${n(r.saturation.rps)} | ${((r.saturation.rps / floorRps) * 100).toFixed(0)} % | ${ms(r.at50)} | ${ms(r.at80)} | ${inside} | ${errors} |`)
  }
  return lines.join('\n')
}

export function resourceLine(db: string, before: { rss: number; size: number }, after: { rss: number; size: number }): string {
  return `${db}: server RSS ${mb(before.rss)} → ${mb(after.rss)}; database ${mb(before.size)} → ${mb(after.size)}`
}

/** Reads held to the bound: p99 at 80 % of saturation under `boundMs`, throughput above 10 % of the floor. */
export function verdicts(rows: RouteFigures[], floorRps: number, boundMs: number): string[] {
  return rows.flatMap((r) => [
    ...(r.read && r.at80.p99 >= boundMs ? [`${r.name}: p99 ${r.at80.p99} ms at 80 % (bound ${boundMs} ms)`] : []),
    ...(r.saturation.rps < floorRps * 0.1 ? [`${r.name}: ${n(r.saturation.rps)} req/s, under 10 % of the floor`] : []),
  ])
}
