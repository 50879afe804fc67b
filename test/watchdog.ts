// A test file's watchdog (it tears down and exits if the file hangs) and the conditions it polls
// measure wall-clock time, which a machine with every core busy stretches several times over: a
// file that takes 10 s alone took over 60 s in a whole run. Run alone, a file keeps its own limits;
// under the test runner, which kills a file's process group at its per-file limit anyway
// (test/run.mjs, --timeout), the watchdog fires just before that limit instead, and a polled
// condition gets several times its deadline, so that a slow file is never failed early.

/** The environment variable the test runner sets to its per-file limit (ms). */
export const RUNNER_FILE_LIMIT_ENV = 'POSTERN_TEST_FILE_LIMIT_MS'

/** The runner's per-file limit (ms), or undefined when the file runs alone. */
function runnerLimitMs(): number | undefined {
  const limit = Number(process.env[RUNNER_FILE_LIMIT_ENV])
  return Number.isFinite(limit) && limit > 0 ? limit : undefined
}

/** A watchdog's delay: `ms` run alone; under the runner, just under its per-file limit (never less than `ms`). */
export function watchdogMs(ms: number): number {
  const limit = runnerLimitMs()
  return limit === undefined ? ms : Math.max(ms, limit - 5_000)
}

/**
 * How long a test waits for a condition it polls (test/wait.ts waitFor): `ms` run alone; under
 * the test runner, which keeps both cores of a 2-core machine busy several times over, six times
 * that. Only a failure waits the deadline out.
 */
export function conditionMs(ms: number): number {
  return runnerLimitMs() === undefined ? ms : ms * LOADED_SLOWDOWN
}

/** How much slower a whole run makes a file than alone, at most, as seen on the CI machine. */
const LOADED_SLOWDOWN = 6
