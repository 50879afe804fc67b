// What the runner and its test workers (worker.ts) agree on.

/** The environment variable that marks every process of a test file (see processes.mjs). */
export const MARK = 'POSTERN_TEST_PROCESS'

/** A test worker's first line on stdout once it has started (its imports, the shared services' set-up). */
export const READY = '\u0001postern-test-worker ready'

/** Ends a file's output on a test worker's stdout, followed by `{"file","code"}` as JSON and a newline. */
export const DONE = '\u0001postern-test-worker done '
