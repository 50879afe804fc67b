import { signal } from '@preact/signals-core'
import type { Store } from './store'
import type { ResolvedOptions } from './options'

export type ThemeMode = 'light' | 'dark'
export type ThemeVariables = NonNullable<ResolvedOptions['themeVariables']>

export function createThemeState(options: ResolvedOptions) {
  return {
    mode: signal<ThemeMode>(options.themeMode ?? 'dark'),
    variables: signal<ThemeVariables>(options.themeVariables ?? {}),
  }
}

export function setThemeMode(store: Store, mode: ThemeMode): void {
  if (mode !== 'light' && mode !== 'dark') throw new TypeError(`themeMode: expected 'light' or 'dark', got ${String(mode)}`)
  store.theme.mode.value = mode
}

export function setThemeVariables(store: Store, variables: ThemeVariables): void {
  store.theme.variables.value = { ...store.theme.variables.peek(), ...variables }
}
