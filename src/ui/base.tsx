import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { signal } from '@preact/signals-core'
import { safeUrl } from '../utils/url'
import type { Messages } from '../i18n/types'

// What the first open and nearly every view share, in one module and so one chunk (each chunk
// fetched costs bytes of its own): the messages (t) and the list primitives (also re-exported by
// ListItem.tsx, Spinner.tsx and WalletImage.tsx).

// The modal's messages. English is the key and the identity, so it costs the first open nothing;
// any other locale is its own chunk (i18n/locales/<lc>), fetched by setLocale before the modal renders.
// Plurals, numbers and dates: ui/format.


// A signal: every component that said something re-renders when updateOptions({ locale }) changes it.
const spoken = signal<{ lang: string; messages: Messages }>({ lang: 'en', messages: {} })
let asked = ''

/** The BCP 47 tag the modal speaks (its <div lang> and the Intl formats), and its messages. */
export const locale = {
  get lang() {
    return spoken.value.lang
  },
  get messages() {
    return spoken.value.messages
  },
}

/** `t('Connect Wallet')`, `t('Continue in {name}', { name })`: the English text is the key. */
export function t(en: string, vars?: Record<string, string | number>): string {
  const m = locale.messages[en] ?? en
  return (typeof m == 'string' ? m : m.other).replace(/\{(\w+)\}/g, (s, k: string) => String(vars?.[k] ?? s))
}

/**
 * Speaks the locale nearest `wanted` (the `locale` option, else the browser's language);
 * English needs no fetch, and a locale that fails to arrive leaves English.
 */
/** The locale last asked for (its messages may still be on their way). */
export const askedLocale = () => asked

export async function setLocale(wanted: string): Promise<void> {
  asked = wanted
  const found = !/^en\b/i.test(wanted) && (await import('../i18n/load').then((m) => m.loadLocale(wanted), () => undefined))
  // Two changes in a row: the later one speaks, whichever chunk arrives first.
  if (asked == wanted) spoken.value = found ? { lang: found[0], messages: found[1] } : { lang: 'en', messages: {} }
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div class="spinner" role="status" aria-label={label} />
}

/** A wallet's icon, or its initials when the image is missing, unsafe or fails to load. */
export function WalletImage({ src, name, size = 40 }: { src?: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  const url = src?.startsWith('data:image/') ? src : safeUrl(src)
  const style = { width: size, height: size }
  if (!url || failed) {
    const initials = name.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase()
    return <span class="wimg" style={style} aria-hidden="true">{initials}</span>
  }
  return <img class="wimg" style={style} src={url} alt="" onError={() => setFailed(true)} />
}

export interface ListItemProps {
  name: string
  imageUrl?: string
  tag?: { label: string; tone?: 'ok' | 'acc' }
  current?: boolean
  onClick: () => void
  children?: ComponentChildren
}

export function ListItem({ name, imageUrl, tag, current, onClick, children }: ListItemProps) {
  return (
    <li>
      <button type="button" class="item" onClick={onClick} aria-current={current ? 'true' : undefined}>
        <WalletImage src={imageUrl} name={name} />
        <span class="name">{name}</span>
        {children}
        {tag && <span class={`tag ${tag.tone ?? ''}`}>{tag.label}</span>}
      </button>
    </li>
  )
}
