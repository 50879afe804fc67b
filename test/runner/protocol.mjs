// What the runner and its test workers (worker.ts) agree on.

/** The environment variable that marks every process of a test file (see processes.mjs). */
export const MARK = 'POSTERN_TEST_PROCESS'

/** Ends a file's output on a test worker's stdout, followed by `{"file","code"}` as JSON and a newline. */
export const DONE = '\u0001postern-test-worker done '

/** A test worker's line on stdout once it has started (a file's time limit runs from then on). */
export const READY = '\u0001postern-test-worker ready'
