import type { Features, ResolvedOptions } from './options'

type OptionsStore = { options: ResolvedOptions }

// AppKit's option setters (updateOptions, updateFeatures and the set* shorthands). Nothing
// reads their effect before the modal renders, so they live in the lazy actions chunk.
export function updateOptions(store: OptionsStore, patch: Partial<ResolvedOptions>): void {
  Object.assign(store.options, patch)
}

export function updateFeatures(store: OptionsStore, patch: Partial<Features>): void {
  updateOptions(store, { features: { ...store.options.features, ...patch } })
}
