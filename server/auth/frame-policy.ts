// The secure frame's embedding policy, from a project's allowed origins: the CSP frame-ancestors
// the secure site sends with its frame page, and whether one origin may embed the frame. Both come
// from the same patterns, so what the modal is told before it loads the frame is what the browser
// then enforces.
import { originAllowed } from './origin-match.ts'

/** An allowed-origin pattern that is also a valid CSP host-source: scheme, host (a leading *.), optional port or *. */
const SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i

/** The patterns that can stand in a CSP as they are (lower-cased, as CSP matches hosts); anything else is left out. */
export function frameSources(patterns: readonly unknown[]): string[] {
  return patterns.filter((p): p is string => typeof p === 'string' && SOURCE.test(p)).map((p) => p.toLowerCase())
}

/** The frame-ancestors sources for these patterns, or 'none' when none is usable. */
export function frameAncestors(patterns: readonly unknown[]): string {
  const sources = frameSources(patterns)
  return sources.length ? sources.join(' ') : "'none'"
}

/** Whether a page on `origin` may embed the frame: matched by one of the sources frame-ancestors lists. */
export function mayFrame(origin: string, patterns: readonly unknown[]): boolean {
  return originAllowed(origin.toLowerCase(), frameSources(patterns))
}
