// Which sites may call the auth endpoints of a project: the project's own list when it has one,
// else the list every project shares. A site allowed for one project is nothing to another.
import { HttpError } from '../http.ts'
import type { RouteContext } from '../router.ts'
import type { ServerState } from '../state.ts'
import { originAllowed } from './origin-match.ts'

/** The origin patterns a project allows (`*` stands for any run of non-slash characters). */
export function allowedOriginsFor(state: ServerState, projectId: string | undefined): string[] {
  return (projectId !== undefined && state.projectOrigins.get(projectId)) || state.allowedOrigins
}

/** Whether the header is an origin exactly as a browser writes one (scheme://host[:port]). */
export function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

/**
 * The request's Origin, checked against the project of its `projectId` query parameter: 403 without
 * one or for one the project does not allow, 400 for a header that is not an origin at all.
 */
export function requireSiteOrigin({ state, origin, query }: Pick<RouteContext, 'state' | 'origin' | 'query'>): string {
  if (!origin) throw new HttpError(403, 'origin: the request has no Origin header')
  checkOriginSyntax(origin)
  if (!originAllowed(origin, allowedOriginsFor(state, query['projectId']))) throw new HttpError(403, `origin: ${origin} is not an allowed origin`)
  return origin
}

/** 400 for an Origin header that is not an origin at all (a browser never sends one). */
export function checkOriginSyntax(origin: string): void {
  if (!isOrigin(origin)) throw new HttpError(400, `origin: ${JSON.stringify(origin.slice(0, 100))} is not an origin`)
}

/**
 * For APIs a site may also call from its own server: an Origin header, when sent (a browser always
 * sends one on these calls), must be one the project of `projectId` allows; 403 otherwise.
 */
export function refuseForeignOrigin(ctx: Pick<RouteContext, 'state' | 'origin' | 'query'>): void {
  if (ctx.origin !== undefined) requireSiteOrigin(ctx)
}
