import { payRules, type Features, type ResolvedOptions } from './options'

type OptionsStore = { options: ResolvedOptions; ui?: { relocale?: (locale?: string) => void } }

// AppKit's option setters (updateOptions, updateFeatures and the set* shorthands). Nothing
// reads their effect before the modal renders, so they live in the lazy actions chunk.
export function updateOptions(store: OptionsStore, patch: Partial<ResolvedOptions>): void {
  Object.assign(store.options, patch)
  // A mounted modal speaks the new locale at once; one not yet mounted reads the option when it is.
  if ('locale' in patch) store.ui?.relocale?.(patch.locale)
}

export function updateFeatures(store: OptionsStore, patch: Partial<Features>): void {
  updateOptions(store, { features: payRules({ ...store.options.features, ...patch }) })
}
