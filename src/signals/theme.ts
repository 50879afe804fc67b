import { effect, signal } from '@preact/signals-core'
import type { ResolvedOptions } from './options'

export type ThemeMode = 'light' | 'dark'
export type ThemeVariables = NonNullable<ResolvedOptions['themeVariables']>

const DARK = '(prefers-color-scheme: dark)'
const media = () => (typeof matchMedia === 'function' ? matchMedia(DARK) : undefined)

/** themeMode unset: the visitor's colour scheme (dark on a server), as AppKit's getColorTheme picks it. */
const systemMode = (): ThemeMode => (media() ? (media()!.matches ? 'dark' : 'light') : 'dark')

export function createThemeState(options: ResolvedOptions) {
  return {
    mode: signal<ThemeMode>(options.themeMode ?? systemMode()),
    /** Set by themeMode or setThemeMode; until then the mode follows prefers-color-scheme. */
    explicit: { value: !!options.themeMode },
    variables: signal<ThemeVariables>(options.themeVariables ?? {}),
  }
}

/** The part of an instance's state these actions use (the Store has it). */
export type ThemeStore = { theme: ReturnType<typeof createThemeState> }

/** What the stylesheets read: each variable under both spellings, the --apkt-* one winning. */
export function resolveVariables(variables: ThemeVariables): Record<string, string> {
  const out: Record<string, string> = {}
  const all = variables as Record<string, string | number | undefined>
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined) continue
    const key = name.replace(/^--(w3m|apkt)-/, '')
    const winner = all[`--apkt-${key}`] ?? all[`--w3m-${key}`]
    // AppKit takes color-mix-strength as a percentage number.
    const text = key === 'color-mix-strength' ? `${winner}%` : String(winner)
    out[`--w3m-${key}`] = out[`--apkt-${key}`] = text
  }
  return out
}

export function setThemeMode(store: ThemeStore, mode: ThemeMode): void {
  if (mode !== 'light' && mode !== 'dark') throw new TypeError(`themeMode: expected 'light' or 'dark', got ${String(mode)}`)
  store.theme.explicit.value = true
  store.theme.mode.value = mode
}

export function setThemeVariables(store: ThemeStore, variables: ThemeVariables): void {
  store.theme.variables.value = { ...store.theme.variables.peek(), ...variables }
}

/**
 * In a browser, from createAppKit: the mode follows prefers-color-scheme while no themeMode is
 * set, and the page gets the theme variables on :root, as AppKit puts them there: the buttons
 * (outside the modal's shadow root) read them. Returns a function that stops both.
 */
export function applyTheme(store: ThemeStore, doc: Document): () => void {
  const query = media()
  const follow = (event: { matches: boolean }) => {
    if (!store.theme.explicit.value) store.theme.mode.value = event.matches ? 'dark' : 'light'
  }
  query?.addEventListener?.('change', follow)
  // An adopted sheet, not a <style> in the head: no 'unsafe-inline' needed in the site's CSP.
  const sheet = new CSSStyleSheet()
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  const stop = effect(() => {
    const rules = Object.entries(resolveVariables(store.theme.variables.value)).map(([name, value]) => `${name}:${value}`)
    sheet.replaceSync(`:root{${rules.join(';')}}`)
  })
  return () => {
    stop()
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet)
    query?.removeEventListener?.('change', follow)
  }
}
