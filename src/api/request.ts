import { PosternError } from '../utils/posterror'
import type { BlockchainApi } from './blockchain'

/**
 * One call to the blockchain API with the project id in the query. A failure throws a
 * PosternError whose message is the API's first reason (reasons[0].description, else reason),
 * or 'HTTP {status}', and whose code is the status; `reasonFound` says whether the API gave one.
 */
export async function apiCall(api: BlockchainApi, path: string, opts: { query?: Record<string, string | undefined>; body?: unknown } = {}): Promise<unknown> {
  const url = new URL(path, api.baseUrl.replace(/\/?$/, '/'))
  for (const [key, value] of Object.entries({ ...opts.query, projectId: api.projectId })) if (value !== undefined) url.searchParams.set(key, value)
  const init: RequestInit = opts.body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(opts.body) }
  const response = await fetch(url.href, init)
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const reason = apiReason(json)
    throw Object.assign(new PosternError(reason ?? `HTTP ${response.status}`, response.status), { reasonFound: !!reason })
  }
  return json
}

/** The first reason of an error body: `{ reasons: [{ description }] }` or `{ reason }`. */
function apiReason(json: unknown): string | undefined {
  const body = json as { reasons?: { description?: unknown }[]; reason?: unknown } | undefined
  const first = Array.isArray(body?.reasons) ? body.reasons[0]?.description : undefined
  if (typeof first === 'string' && first) return first
  return typeof body?.reason === 'string' && body.reason ? body.reason : undefined
}

/** The API's own reason when it gave one, else the fallback text (SPEC section 8 for names). */
export function reasonOr(error: unknown, fallback: string): string {
  const e = error as { reasonFound?: boolean; message?: string } | undefined
  return e?.reasonFound && e.message ? e.message : fallback
}
