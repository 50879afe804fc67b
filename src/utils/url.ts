/**
 * Only https:, http: on localhost, or a wallet's own registered deep-link scheme may be
 * followed or shown as an image source. Anything else (javascript:, data:, file:) is refused.
 */
export function safeUrl(value: string | undefined | null, allowedSchemes: readonly string[] = []): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol === 'https:') return url.href
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url.href
  const scheme = url.protocol.slice(0, -1)
  return allowedSchemes.includes(scheme) ? value : undefined
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}
