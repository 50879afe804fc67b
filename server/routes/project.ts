import * as v from 'valibot'
import { parse } from '../http.ts'
import type { Route } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import { allowedOriginsFor } from '../auth/origins.ts'

const Query = v.object(SdkQuery)

// POST /e (analytics) is in ../events.ts.
export const projectRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/projects\/v1\/origins$/,
    access: 'query',
    handle({ state, query }) {
      const { projectId } = parse(Query, query, 'query')
      return { json: { allowedOrigins: allowedOriginsFor(state, projectId) } }
    },
  },
  {
    method: 'GET',
    path: /^\/getAnalyticsConfig$/,
    access: 'query',
    handle({ state, query }) {
      parse(Query, query, 'query')
      return { json: { isAnalyticsEnabled: state.analyticsEnabled } }
    },
  },
]
