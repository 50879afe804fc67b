// One POST to the auth service, as every secure-site module makes it: the project and SDK in the
// query, the reply checked with valibot, the service's own reason as the error when it refuses.
import * as v from 'valibot'
import type { SecureConfig } from './config'

export class AuthError extends Error {
  /** The auth service's HTTP status when it refused (401: the session is not live). */
  status?: number
}

export async function authCall<S extends v.GenericSchema>(config: SecureConfig, path: string, body: unknown, schema: S): Promise<v.InferOutput<S>> {
  const res = await fetch(`${config.authUrl}${path}?projectId=${encodeURIComponent(config.projectId)}&st=postern&sv=secure`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  })
  const json: unknown = await res.json().catch(() => undefined)
  if (!res.ok) throw Object.assign(new AuthError(String((json as { reason?: unknown })?.reason ?? 'An error occurred')), { status: res.status })
  const parsed = v.safeParse(schema, json)
  if (!parsed.success) throw new AuthError('Something went wrong')
  return parsed.output
}
