import type { Messages } from './types'
import { matchLocale as nearest } from './match'

// Every locale besides English, each its own chunk. To add one: a file in ./locales exporting
// every key (test/i18n checks), and a line here. t() and setLocale: ui/base.
const LOCALES: Record<string, () => Promise<{ default: Messages }>> = {
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  it: () => import('./locales/it'),
  'pt-BR': () => import('./locales/pt-BR'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  'zh-CN': () => import('./locales/zh-CN'),
  ru: () => import('./locales/ru'),
  tr: () => import('./locales/tr'),
  ar: () => import('./locales/ar'),
}

export const SUPPORTED = ['en', ...Object.keys(LOCALES)]

/** The supported locale nearest a BCP 47 tag (match.ts), else English. */
export const matchLocale = (wanted: string): string => nearest(wanted, SUPPORTED)

/** The nearest locale's tag and messages; English (no messages) when nothing nearer is supported. */
export async function loadLocale(wanted: string): Promise<[string, Messages] | undefined> {
  const lc = matchLocale(wanted)
  return LOCALES[lc] ? [lc, (await LOCALES[lc]()).default] : undefined
}
