// Loaded into the benchmarked server process (node --import): its event-loop delay, reported on
// stderr every 10 s as one `eld {...}` line of milliseconds, then reset.
import { monitorEventLoopDelay } from 'node:perf_hooks'

const delay = monitorEventLoopDelay({ resolution: 10 })
delay.enable()
setInterval(() => {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100
  console.error(`eld ${JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) })}`)
  delay.reset()
}, 10_000).unref()
