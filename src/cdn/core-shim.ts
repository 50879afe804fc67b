// Stands in for @preact/signals-core inside the classic build's lazy chunks, so they share
// the loader's signals runtime (set by classic.ts) instead of bundling a second copy.
const core = (globalThis as Record<string, unknown>).__postern_signals_core as typeof import('@preact/signals-core')
export const { signal, computed, effect, batch, untracked, Signal } = core
// The loader does not publish these (nothing of ours uses them): a loud failure if one ever does.
const missing = (): never => {
  throw new Error('[postern] createModel and action are not shared with the classic chunks')
}
export const action = missing as unknown as typeof core.action
export const createModel = missing as unknown as typeof core.createModel
