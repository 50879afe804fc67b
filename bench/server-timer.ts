// Loaded into the benchmarked server process (node --import): each request's time inside the
// server, from its 'request' event to its response's end. On SIGUSR2 it prints the percentiles
// since the last signal as one `srv {...}` line of milliseconds on stderr, then starts again. It
// stands beside autocannon's figures, which include the client's own pauses and its correction
// for coordinated omission (bench/server-load.ts), so a run shows what of a p99 is the server's.
import { Server } from 'node:http'
import { performance } from 'node:perf_hooks'

let times: number[] = []
const emit = Server.prototype.emit
Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') {
    const start = performance.now()
    ;(args[1] as NodeJS.EventEmitter).once('finish', () => times.push(performance.now() - start))
  }
  return (emit as (event: string | symbol, ...args: unknown[]) => boolean).call(this, event, ...args)
} as typeof Server.prototype.emit

process.on('SIGUSR2', () => {
  const sorted = times.sort((a, b) => a - b)
  const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10
  console.error(`srv ${JSON.stringify({ count: sorted.length, p50: at(0.5), p99: at(0.99), p999: at(0.999) })}`)
  times = []
})
