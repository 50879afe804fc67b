import { signal } from '@preact/signals-core'
import type { ResolvedOptions } from './options'

export type ThemeMode = 'light' | 'dark'
export type ThemeVariables = NonNullable<ResolvedOptions['themeVariables']>

export function createThemeState(options: ResolvedOptions) {
  return {
    mode: signal<ThemeMode>(options.themeMode ?? 'dark'),
    variables: signal<ThemeVariables>(options.themeVariables ?? {}),
  }
}

/** The part of an instance's state these actions use (the Store has it). */
export type ThemeStore = { theme: ReturnType<typeof createThemeState> }

export function setThemeMode(store: ThemeStore, mode: ThemeMode): void {
  if (mode !== 'light' && mode !== 'dark') throw new TypeError(`themeMode: expected 'light' or 'dark', got ${String(mode)}`)
  store.theme.mode.value = mode
}

export function setThemeVariables(store: ThemeStore, variables: ThemeVariables): void {
  store.theme.variables.value = { ...store.theme.variables.peek(), ...variables }
}
