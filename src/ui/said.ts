import { locale, t } from './base'

// Signals and lazy code keep their messages in English (events and AppKit's behaviour read them);
// a view says them in the locale at render. A message with a value filled in ('Error registering
// name alice.reown.id') is found through its catalogue key ('Error registering name {name}').

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

/** A message written in English, said in the locale; a text the catalogue lacks (an API's own reason) stays. */
export function said(message: string): string {
  const direct = t(message)
  if (direct != message || locale.lang == 'en') return direct
  for (const key in locale.messages) {
    if (!key.includes('{')) continue
    const names: string[] = []
    const parts = key.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : escape(part)))
    const found = new RegExp(`^${parts.join('')}$`).exec(message)
    if (found) return t(key, Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])))
  }
  return message
}
