// The secure site's framing policy, sent as headers (a <meta> CSP cannot carry frame-ancestors):
// the frame page may be embedded only by the project's allowed origins (as the API lists them for
// the projectId in its query); the dashboard, device and callback pages by no one.
/** Off until the modal tells a frame blocked by its policy from a slow one (see the README). */
const FRAME_PAGE_POLICY = false
const FRAMELESS = new Set(['dashboard.html', 'device.html', 'callback.html'])
/** An allowed-origin pattern that is also a valid CSP host-source: scheme, host (a leading *.), optional port or *. */
const SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i

/** The CSP sources for these patterns; anything that is not a plain origin pattern is left out. */
export function frameAncestors(patterns: readonly unknown[]): string {
  const sources = patterns.filter((p): p is string => typeof p === 'string' && SOURCE.test(p))
  return sources.length ? sources.join(' ') : "'none'"
}

async function allowedOrigins(apiUrl: string, projectId: string): Promise<unknown[]> {
  try {
    const res = await fetch(`${apiUrl}/projects/v1/origins?projectId=${encodeURIComponent(projectId)}&st=postern&sv=secure`, { signal: AbortSignal.timeout(5000) })
    const body = await res.json() as { allowedOrigins?: unknown }
    return res.ok && Array.isArray(body.allowedOrigins) ? body.allowedOrigins : []
  } catch {
    return []
  }
}

/**
 * Headers for a file of the secure site. `apiUrl` is read per request (the API starts after the
 * site); until it is known, or when it fails, the frame page may be framed by no one.
 */
export function secureSiteHeaders(apiUrl: () => string | undefined) {
  return async (file: string, url: URL): Promise<Record<string, string>> => {
    const name = file.split(/[\\/]/).pop() ?? ''
    if (FRAMELESS.has(name)) return { 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' }
    // The frame page's policy waits on the modal: blocked by frame-ancestors it never loads, so the
    // modal could not show SPEC's unverified_domain (test/e2e/embedded.test.ts); main.ts still refuses.
    if (name !== 'index.html' || !FRAME_PAGE_POLICY) return {}
    const api = apiUrl()
    const projectId = url.searchParams.get('projectId') ?? ''
    const sources = api && projectId ? frameAncestors(await allowedOrigins(api, projectId)) : "'none'"
    return { 'content-security-policy': `frame-ancestors ${sources}` }
  }
}
