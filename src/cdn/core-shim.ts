// Stands in for @preact/signals-core inside the classic build's lazy chunks, so they share
// the loader's signals runtime (set by classic.ts) instead of bundling a second copy.
const core = (globalThis as Record<string, unknown>).__postern_signals_core as typeof import('@preact/signals-core')
export const { signal, computed, effect, batch, untracked, Signal, action, createModel } = core
