// SPEC's RPC policy, in one place: every endpoint of a network in order, each with 3 retries
// (150 ms, doubling) on the statuses viem retries, and a 10 s timeout. The viem functions are
// passed in, so this file stays free of viem and the loader may reach it.

/** The spec's retry and timeout for one endpoint. */
export const RPC_RETRY = { retryCount: 3, retryDelay: 150, timeout: 10_000 } as const

interface TransportLib<H, F> {
  http(url: string, config: typeof RPC_RETRY & { batch?: { batchSize: number } }): H
  fallback(transports: NoInfer<H>[]): F
}

/**
 * One transport over every endpoint: viem's http (which backs off exponentially from
 * retryDelay) per endpoint, viem's fallback across them; a single endpoint needs no fallback.
 */
export function rpcTransport<H, F>(lib: TransportLib<H, F>, urls: string[], batch?: { batchSize: number }): H | F {
  const transports = urls.map((url) => lib.http(url, batch ? { ...RPC_RETRY, batch } : RPC_RETRY))
  return transports.length === 1 ? transports[0]! : lib.fallback(transports)
}
