// The page's theme in the secure frame: only the variables the frame uses, each value parsed as
// what it must be (a colour, a length, font names) and set as a computed value, never the page's
// text: no url(), no var(), no expressions. Approve's colours are chosen here so that its text
// keeps AA contrast (4.5:1) whatever accent the page sends.

export type Rgb = [number, number, number]
export const AA_CONTRAST = 4.5
/** The pair Approve falls back to: white on a blue with 4.9:1. */
export const SAFE_APPROVE = { background: '#1a6ed8', color: '#ffffff' } as const
const DARK_TEXT: Rgb = [20, 20, 20]
const WHITE: Rgb = [255, 255, 255]

const NAMED: Record<string, Rgb> = {
  black: [0, 0, 0], white: [255, 255, 255], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255], yellow: [255, 255, 0],
  orange: [255, 165, 0], purple: [128, 0, 128], gray: [128, 128, 128], grey: [128, 128, 128], navy: [0, 0, 128], teal: [0, 128, 128],
}

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0), f(8), f(4)].map((x) => Math.round(x * 255)) as Rgb
}

/** An opaque colour as #rgb(a), #rrggbb(aa), rgb()/rgba(), hsl()/hsla() with plain numbers, or a basic name; else undefined. */
export function parseColour(value: string): Rgb | undefined {
  const v = value.trim().toLowerCase()
  if (NAMED[v]) return NAMED[v]
  let m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)
  if (m) {
    const hex = m[1]!.length <= 4 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
    if (hex.length === 8 && hex.slice(6) !== 'ff') return undefined
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
  }
  const num = String.raw`(\d{1,3}(?:\.\d+)?)`
  const alpha = String.raw`(?:\s*[,/]\s*(1|1\.0+|100%))?`
  m = new RegExp(String.raw`^rgba?\(\s*${num}\s*,?\s*${num}\s*,?\s*${num}${alpha}\s*\)$`).exec(v)
  if (m) {
    const rgb = m.slice(1, 4).map(Number)
    return rgb.every((x) => x <= 255) ? rgb.map(Math.round) as Rgb : undefined
  }
  m = new RegExp(String.raw`^hsla?\(\s*${num}(?:deg)?\s*,?\s*${num}%\s*,?\s*${num}%${alpha}\s*\)$`).exec(v)
  if (m) {
    const [h, s, l] = m.slice(1, 4).map(Number) as [number, number, number]
    return h <= 360 && s <= 100 && l <= 100 ? hsl(h, s / 100, l / 100) : undefined
  }
  return undefined
}

/** A length in px, rem or em, 0 to 64: else undefined. */
export function parseLength(value: string): string | undefined {
  const m = /^\s*(\d{1,3}(?:\.\d+)?)(px|rem|em)?\s*$/.exec(value)
  if (!m) return undefined
  const n = Number(m[1])
  const unit = m[2] ?? 'px'
  return (unit === 'px' ? n <= 64 : n <= 4) ? `${n}${unit}` : undefined
}

/** A font-family list: names of letters, digits, spaces and dashes, optionally quoted, comma-separated. */
export function parseFontFamily(value: string): string | undefined {
  const names = value.split(',').map((n) => n.trim())
  if (!names.length || names.length > 8 || value.length > 200) return undefined
  const clean: string[] = []
  for (const name of names) {
    const m = /^(?:"([A-Za-z0-9 -]{1,64})"|'([A-Za-z0-9 -]{1,64})'|([A-Za-z0-9 -]{1,64}))$/.exec(name)
    if (!m) return undefined
    clean.push(JSON.stringify((m[1] ?? m[2] ?? m[3]!).trim()))
  }
  return clean.join(', ')
}

const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
/** WCAG 2 contrast ratio of two opaque colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
const css = (rgb: Rgb) => `rgb(${rgb.join(', ')})`

/** Approve's colours for an accent: the accent with white or dark text, whichever reaches AA; else the safe pair. */
export function approveColours(accent: Rgb | undefined): { background: string; color: string } {
  if (!accent) return SAFE_APPROVE
  const text = contrast(accent, WHITE) >= contrast(accent, DARK_TEXT) ? WHITE : DARK_TEXT
  return contrast(accent, text) >= AA_CONTRAST ? { background: css(accent), color: css(text) } : SAFE_APPROVE
}

/** The settings the frame takes from the page's theme variables; anything else is dropped. */
export function readTheme(vars: Record<string, string | number>): { approve: { background: string; color: string }; fontFamily?: string; radius?: string } {
  const get = (name: string) => (vars[name] === undefined ? undefined : String(vars[name]))
  const accent = get('--w3m-accent')
  const font = get('--w3m-font-family')
  const radius = get('--w3m-border-radius-master')
  return {
    approve: approveColours(accent === undefined ? undefined : parseColour(accent)),
    fontFamily: font === undefined ? undefined : parseFontFamily(font),
    radius: radius === undefined ? undefined : parseLength(radius),
  }
}

/** Applies the page's theme to this document as the frame's own variables (--secure-*), never the page's names or text. */
export function applyTheme(root: HTMLElement, vars: Record<string, string | number>): void {
  const theme = readTheme(vars)
  root.style.setProperty('--secure-approve-bg', theme.approve.background)
  root.style.setProperty('--secure-approve-fg', theme.approve.color)
  if (theme.fontFamily) root.style.setProperty('--secure-font', theme.fontFamily)
  else root.style.removeProperty('--secure-font')
  if (theme.radius) root.style.setProperty('--secure-radius', theme.radius)
  else root.style.removeProperty('--secure-radius')
}
