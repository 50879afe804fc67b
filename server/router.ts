import type { IncomingMessage } from 'node:http'
import { HttpError, readJsonBody, type Reply } from './http.ts'
import type { ServerState } from './state.ts'
import { clientIp, limitRequest } from './limits/index.ts'

export interface RouteContext {
  state: ServerState
  /** Named groups of the path pattern, URL-decoded. */
  params: Record<string, string>
  /** Query parameters (last value wins). */
  query: Record<string, string>
  /** Parsed JSON body for POST, else undefined. */
  body: unknown
  /** The request's Origin header, when it sent one (the auth routes check it). */
  origin?: string
}

export interface Route {
  method: 'GET' | 'POST'
  path: RegExp
  /**
   * 'query': the projectId query parameter must name a configured project;
   * 'public': no project; 'handler': the handler checks (for example a projectId in the body).
   */
  access: 'query' | 'public' | 'handler'
  /** The largest POST body this route reads, in bytes; DEFAULT_MAX_BODY when absent. */
  maxBody?: number
  handle(ctx: RouteContext): Reply | Promise<Reply>
}

/** 400 without a projectId, 403 for one that is not configured. */
export function checkProject(state: ServerState, projectId: string | undefined): void {
  if (!projectId) throw new HttpError(400, 'projectId: is required')
  if (!state.projectIds.has(projectId)) throw new HttpError(403, `projectId: ${projectId} is not a configured project`)
}

export async function dispatch(routes: Route[], state: ServerState, req: IncomingMessage): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  const matching = routes.map((route) => ({ route, match: route.path.exec(path) })).filter((m) => m.match)
  if (matching.length === 0) throw new HttpError(404, `Not found: ${path}`)
  const hit = matching.find((m) => m.route.method === req.method)
  if (!hit?.match) throw new HttpError(405, `Method ${req.method} not allowed on ${path}`)

  const params: Record<string, string> = {}
  for (const [key, value] of Object.entries(hit.match.groups ?? {})) {
    try {
      params[key] = decodeURIComponent(value)
    } catch {
      throw new HttpError(400, `${key}: not valid URL encoding`)
    }
  }
  const query = Object.fromEntries(url.searchParams)
  if (hit.route.access === 'query') checkProject(state, query['projectId'])
  await limitRequest(state, hit.route.method, path, clientIp(state, req))
  const body = req.method === 'POST' ? await readJsonBody(req, hit.route.maxBody) : undefined
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined
  return hit.route.handle({ state, params, query, body, origin })
}
