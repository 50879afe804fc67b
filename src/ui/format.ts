import { locale, t } from './base'

/** A count in words: `plural(n, '{count} wallet found', '{count} wallets found')`; the 'other' form is the key. */
export function plural(count: number, one: string, other: string, vars?: Record<string, string | number>): string {
  const { lang, messages } = locale
  const m = messages[other]
  const rule = new Intl.PluralRules(lang).select(count)
  const text = m ? (typeof m == 'string' ? m : m[rule] ?? m.other) : rule == 'one' ? one : other
  return t(text, { ...vars, count: num(count) })
}

/** A number in the locale's digits and separators. */
export const num = (value: number | bigint, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale.lang, options).format(value)

/** A date (or date and time) in the locale's words. */
export const date = (value: number | Date, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale.lang, options).format(value)

/** A plain decimal string ('1234.500', as utils/format gives) in the locale's separators, every digit kept. */
export function decimal(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (locale.lang == 'en' || !m) return text
  const sep = new Intl.NumberFormat(locale.lang).formatToParts(1.5).find((p) => p.type == 'decimal')?.value ?? '.'
  return m[1] + num(BigInt(m[2]!)) + (m[3] ? sep + m[3].replace(/\d/g, (d) => num(+d)) : '')
}
