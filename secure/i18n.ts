// The secure site's pages in the modal's languages. A page opened from the modal (the dashboard
// link) is told the modal's locale in ?lang=; opened otherwise, it follows the browser. English
// is the key: an untranslated text stays English. Text only: every string goes in by textContent.
import type { Messages } from '../src/i18n/types'
import { matchLocale } from '../src/i18n/match'
import ar from './locales/ar'
import de from './locales/de'
import es from './locales/es'
import fr from './locales/fr'
import it from './locales/it'
import ja from './locales/ja'
import ko from './locales/ko'
import ptBR from './locales/pt-BR'
import ru from './locales/ru'
import tr from './locales/tr'
import zhCN from './locales/zh-CN'

export const SECURE_MESSAGES: Record<string, Messages> = { de, es, fr, it, 'pt-BR': ptBR, ja, ko, 'zh-CN': zhCN, ru, tr, ar }
export const SECURE_LOCALES = ['en', ...Object.keys(SECURE_MESSAGES)]

/** ?lang= when it names a supported language, else the first of the browser's that is supported, else English. */
export function pageLocale(lang: string | null, languages: readonly string[]): string {
  for (const wanted of [lang ?? '', ...languages]) {
    const lc = wanted && matchLocale(wanted, SECURE_LOCALES)
    if (lc && (lc !== 'en' || /^en\b/i.test(wanted))) return lc
  }
  return 'en'
}

/** The locale's text for an English key (a plural form's 'other' would not apply: these keys have none). */
export const translator = (lc: string) => (key: string): string => {
  const message = SECURE_MESSAGES[lc]?.[key]
  return typeof message === 'string' ? message : key
}

/**
 * Puts the page in its language: the title and every [data-t] element's text (its English text
 * is the key), the document's lang, and right to left for Arabic. Returns the page's t().
 */
export function localizePage(doc: Document, lc: string): (key: string) => string {
  const t = translator(lc)
  doc.documentElement.lang = lc
  doc.documentElement.dir = lc === 'ar' ? 'rtl' : 'ltr'
  doc.title = t(doc.title)
  // The English text moves into data-t on the first pass, so the page can be put in another language later.
  for (const el of doc.querySelectorAll<HTMLElement>('[data-t]')) el.textContent = t((el.dataset.t ||= el.textContent!.trim()))
  return t
}

/** This page in its language: the modal's link names it (?lang=), else the browser's languages decide. */
export const localizeThisPage = (): ((key: string) => string) =>
  localizePage(document, pageLocale(new URLSearchParams(location.search).get('lang'), navigator.languages ?? [navigator.language]))
