/**
 * Runs `round` every `intervalMs` (and once at start with `runNow`), one round at a time, until
 * stopped; a failed round is logged under `label` and the next one runs as planned. `stop()`
 * waits for the round in progress.
 */
export function runPeriodically(label: string, round: () => Promise<unknown>, intervalMs: number, runNow = false): { stop(): Promise<void> } {
  const next = () => round().catch((error: unknown) => console.error(`[server] ${label} failed:`, error))
  let running: Promise<unknown> = runNow ? next() : Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(next)
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
