import { createHash } from 'node:crypto'

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)

/** Up to two initials: first letters of the first two words, else the capitals of one word. */
export function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase()
  const word = words[0] ?? ''
  const capitals = [...word].filter((c) => c !== c.toLowerCase())
  if (capitals.length >= 2) return capitals.slice(0, 2).join('')
  return word.slice(0, 1).toUpperCase()
}

/** A deterministic icon: rounded square (or circle) in a colour from the key's hash, with optional text. */
export function iconSvg(key: string, text = '', shape: 'square' | 'circle' = 'square'): string {
  const hash = createHash('sha256').update(key).digest()
  const hue = ((hash[0]! << 8) | hash[1]!) % 360
  const hue2 = (hue + 40) % 360
  const radius = shape === 'circle' ? 48 : 24
  const size = text.length > 3 ? 26 : text.length === 3 ? 32 : 38
  const label = text
    ? `<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,sans-serif" font-size="${size}" font-weight="600" fill="#fff">${escapeXml(text)}</text>`
    : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,55%)"/><stop offset="1" stop-color="hsl(${hue2},65%,42%)"/></linearGradient></defs>` +
    `<rect width="96" height="96" rx="${radius}" fill="url(#g)"/>${label}</svg>`
  )
}

export function svgReply(svg: string) {
  const etag = `"${createHash('sha256').update(svg).digest('hex').slice(0, 16)}"`
  return {
    body: svg,
    contentType: 'image/svg+xml',
    headers: { 'cache-control': 'public, max-age=86400, immutable', etag },
  }
}
