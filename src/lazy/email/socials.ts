// Which social buttons show (SPEC section 5): features.socials' order, the six the frame serves
// by OpenID and Farcaster (its own QR flow),
// and inside a Telegram mini-app the spec's per-platform removals.
import { SOCIAL_PROVIDERS } from '../../utils/frame-messages'

export type Platform = 'ios' | 'mac' | 'android' | 'other'

/** A Telegram mini-app's webview exposes one of these on window. */
export function inTelegram(w: Record<string, unknown> = globalThis as never): boolean {
  return !!(w['TelegramWebviewProxy'] || w['Telegram'] || w['TelegramWebviewProxyProto'])
}

export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  if (/Android/.test(userAgent)) return 'android'
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'mac'
  return 'other'
}

const TELEGRAM_REMOVED: Record<Platform, string[]> = { ios: ['google'], mac: ['x'], android: ['facebook', 'x'], other: [] }

export function visibleSocials(socials: readonly string[] | false | undefined, telegram: boolean, platform: Platform): string[] {
  const removed = telegram ? TELEGRAM_REMOVED[platform] : []
  return (socials || []).filter((p) => (p === 'farcaster' || (SOCIAL_PROVIDERS as readonly string[]).includes(p)) && !removed.includes(p))
}
