// One load run with autocannon: either as fast as the server answers (saturation) or at a fixed
// rate, and what came of it.
import autocannon from 'autocannon'

/** One request autocannon sends; `setupRequest` fills in what changes per request (ids, cursors). */
export interface LoadRequest {
  method?: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (req: LoadRequest, context: Record<string, unknown>) => LoadRequest
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
}

export interface LoadResult {
  /** Answered requests per second over the run. */
  rps: number
  p50: number
  p99: number
  p999: number
  /** Connection errors and timeouts. */
  errors: number
  /** Answers other than 2xx. */
  non2xx: number
  total: number
}

export interface LoadOptions {
  url: string
  /** Each connection runs this sequence in a loop (one element: the same request each time). */
  requests: LoadRequest[]
  seconds: number
  /** Stop after this many requests instead (routes that spend a pool of signed bodies). */
  amount?: number
  connections: number
  /** Requests per second over all connections; unlimited (saturation) when absent. */
  rate?: number
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.amount ? { amount: opts.amount } : {}),
    timeout: 10,
    requests: opts.requests as autocannon.Request[],
    ...(opts.rate ? { overallRate: Math.max(1, Math.round(opts.rate)) } : {}),
  })
  const answered = result.requests.total
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000
  return {
    rps: answered / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: answered,
  }
}
