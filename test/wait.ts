// Waiting on a condition in unit tests, with a deadline that fits the whole suite on a busy machine.
import { conditionMs } from './watchdog.ts'

/**
 * Polls until check() returns a truthy value; fails with the label after the timeout, which fits a
 * loaded machine (the whole suite at once on 2 cores: a lazy chunk's first import compiles then),
 * longer still under the test runner (test/watchdog.ts).
 */
export async function waitFor<T>(check: () => T | undefined | null | false, label = 'condition', timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + conditionMs(timeoutMs)
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
