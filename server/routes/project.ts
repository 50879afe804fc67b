import * as v from 'valibot'
import { parse } from '../http.ts'
import type { Route } from '../router.ts'
import { SdkQuery } from '../schemas.ts'
import type { AnalyticsEvent } from '../state.ts'

const Query = v.object(SdkQuery)

const EventBody = v.object({
  eventId: v.pipe(v.string(), v.minLength(1, 'is required')),
  url: v.string(),
  domain: v.string(),
  timestamp: v.number(),
  props: v.record(v.string(), v.unknown()),
})

export const projectRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/projects\/v1\/origins$/,
    access: 'query',
    handle({ state, query }) {
      parse(Query, query, 'query')
      return { json: { allowedOrigins: state.allowedOrigins } }
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
  {
    method: 'POST',
    path: /^\/e$/,
    access: 'query',
    handle({ state, query, body }) {
      const { projectId, st, sv } = parse(Query, query, 'query')
      const event = parse(EventBody, body, 'body')
      const recorded: AnalyticsEvent = { query: { projectId, st, sv }, ...event }
      state.events.push(recorded)
      return { json: {} }
    },
  },
]
