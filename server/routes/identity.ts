import * as v from 'valibot'
import { fixtures } from '../fixtures.ts'
import { parse } from '../http.ts'
import { namesOf } from '../names.ts'
import type { Route } from '../router.ts'
import { AnyAddress, SdkQuery } from '../schemas.ts'
import type { ServerState } from '../state.ts'

const Params = v.object({ address: AnyAddress })
const Query = v.object({ ...SdkQuery, sender: v.optional(AnyAddress) })

let byAddress: Map<string, { name: string; avatar: string | null }> | undefined

/** The names registry: fixture entries keyed by lower-case address. */
export function lookupName(state: ServerState, address: string): { name: string | null; avatar: string | null } {
  byAddress ??= new Map(Object.entries(fixtures().names).map(([a, n]) => [a.toLowerCase(), n]))
  const hit = byAddress.get(address.toLowerCase())
  if (!hit) return { name: null, avatar: null }
  // Avatars in the fixture are paths on this server.
  const avatar = hit.avatar?.startsWith('/') ? `${state.url}${hit.avatar}` : hit.avatar
  return { name: hit.name, avatar }
}

export const identityRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/identity\/(?<address>[^/]+)$/,
    access: 'query',
    async handle({ state, params, query }) {
      const { address } = parse(Params, params, 'path')
      parse(Query, query, 'query')
      // A name registered through /v1/profile/account is the address's name; the fixture's otherwise.
      const [registered] = await namesOf(state.db, address)
      return { json: registered ? { name: registered.name, avatar: null } : lookupName(state, address) }
    },
  },
]
