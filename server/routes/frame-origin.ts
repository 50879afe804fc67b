// GET /auth/v1/frame-origin: may the calling page embed the secure frame of this project? The modal
// asks before it loads the frame, since a frame refused by the secure site's frame-ancestors shows
// nothing and the modal could not tell the visitor why (SPEC: unverified_domain). The answer is the
// browser's Origin checked against the same sources the frame page's CSP lists (auth/frame-policy.ts);
// a caller outside a browser can write any Origin, and learns only what the public origins list says.
import * as v from 'valibot'
import { HttpError, parse } from '../http.ts'
import type { Route } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import { allowedOriginsFor, checkOriginSyntax } from '../auth/origins.ts'
import { mayFrame } from '../auth/frame-policy.ts'

const Query = v.object(SdkQuery)
/** Browsers keep the answer a minute, per origin: an origin list changes rarely. */
const CACHE = { 'cache-control': 'private, max-age=60', vary: 'Origin' }

export const frameOriginRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/auth\/v1\/frame-origin$/,
    access: 'query',
    handle({ state, query, origin }) {
      const { projectId } = parse(Query, query, 'query')
      if (!origin) throw new HttpError(400, 'origin: the request has no Origin header')
      checkOriginSyntax(origin)
      return { json: { allowed: mayFrame(origin, allowedOriginsFor(state, projectId)) }, headers: CACHE }
    },
  },
]
