// The secure site's settings: its deployment's config.js (the auth service it trusts) and the
// frame's query (projectId, chainId, version, enableLogger) as the modal loads it.
import * as v from 'valibot'

const Config = v.object({ authUrl: v.pipe(v.string(), v.url()), oidcIssuer: v.optional(v.pipe(v.string(), v.url())) })
/**
 * The modal's enableAuthLogger, as AppKit's frame passes it: 'true' or 'false', on when absent
 * (AppKit's default); anything else is not a switch the modal sends, so it stays quiet.
 */
const EnableLogger = v.optional(v.picklist(['true', 'false']), 'true')

export interface SecureConfig { authUrl: string; oidcIssuer?: string; projectId: string; chainId: number; logger: boolean }

export function readConfig(): SecureConfig {
  const parsed = v.safeParse(Config, (globalThis as { POSTERN_SECURE_CONFIG?: unknown }).POSTERN_SECURE_CONFIG)
  if (!parsed.success) throw new Error('secure site: config.js is missing or invalid')
  const query = new URLSearchParams(location.search)
  const chain = /^eip155:(\d+)$/.exec(query.get('chainId') ?? 'eip155:1')
  return {
    authUrl: parsed.output.authUrl.replace(/\/$/, ''),
    oidcIssuer: parsed.output.oidcIssuer?.replace(/\/$/, ''),
    projectId: query.get('projectId') ?? '',
    chainId: chain ? Number(chain[1]) : 1,
    logger: loggerOn(query.get('enableLogger') ?? undefined),
  }
}

/** Whether the secure site writes its warnings and errors to the console (enableAuthLogger). */
export function loggerOn(value: string | undefined): boolean {
  const parsed = v.safeParse(EnableLogger, value)
  return parsed.success && parsed.output === 'true'
}

/** Allowed-origin patterns as the provider API lists them ('http://127.0.0.1:*'): * is any run without '/'. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(origin))
}

/**
 * Every origin above this frame, nearest first (location.ancestorOrigins where the browser has
 * it): all of them must be allowed, or a page could frame an allowed one that frames us.
 */
export function ancestorOrigins(): string[] {
  const list = location.ancestorOrigins
  if (list && list.length) return Array.from({ length: list.length }, (_, i) => list.item(i) ?? 'null')
  const parent = parentOrigin()
  return parent ? [parent] : []
}

/** The page that embeds this frame: the only origin it talks to. */
export function parentOrigin(): string | undefined {
  if (window.parent === window) return undefined
  const ancestor = location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}
