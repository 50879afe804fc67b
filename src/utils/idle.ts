type IdleGlobals = { requestIdleCallback?: (fn: () => void) => number; cancelIdleCallback?: (id: number) => void }

/** Runs `fn` once the page is idle (requestIdleCallback; 200 ms later where there is none). Returns a cancel. */
export function whenIdle(fn: () => void): () => void {
  const { requestIdleCallback, cancelIdleCallback } = globalThis as IdleGlobals
  if (requestIdleCallback && cancelIdleCallback) {
    const id = requestIdleCallback(fn)
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(fn, 200)
  return () => clearTimeout(id)
}
