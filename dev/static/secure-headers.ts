// The secure site's framing policy, sent as headers (a <meta> CSP cannot carry frame-ancestors):
// the frame page may be embedded only by the project's allowed origins (as the API lists them for
// the projectId in its query, read per request); the dashboard, device and callback pages by no one.
// The modal asks the API the same question first (GET /auth/v1/frame-origin), so a refused page
// shows SPEC's unverified_domain instead of a frame the browser blocked.
import { frameAncestors } from '../../server/auth/frame-policy.ts'

const FRAMELESS = new Set(['dashboard.html', 'device.html', 'callback.html'])

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
    if (name !== 'index.html') return {}
    const api = apiUrl()
    const projectId = url.searchParams.get('projectId') ?? ''
    const sources = api && projectId ? frameAncestors(await allowedOrigins(api, projectId)) : "'none'"
    return { 'content-security-policy': `frame-ancestors ${sources}` }
  }
}
