// POST /e: the analytics events a modal sends (SPEC section 7), one event or a batch of them,
// validated and kept in the database (migration 008).
import * as v from 'valibot'
import { HttpError, parse } from './http.ts'
import type { Route } from './router.ts'
import { SdkQuery } from './schemas.ts'
import type { Queryable } from './db/types.ts'
import type { AnalyticsEvent } from './state.ts'

/** What a batch may hold: a beacon carries at most 64 KB, the modal sends far fewer. */
export const MAX_BATCH = 200

const Query = v.object(SdkQuery)
const Text = (max: number) => v.pipe(v.string(), v.maxLength(max, `is longer than ${max}`))

export const EventBody = v.object({
  eventId: v.pipe(Text(100), v.minLength(1, 'is required')),
  url: Text(2048),
  domain: Text(255),
  timestamp: v.pipe(v.number(), v.integer(), v.minValue(0)),
  props: v.looseObject({ type: v.optional(Text(20)), event: v.pipe(Text(100), v.minLength(1, 'is required')) }),
})
export const EventBatch = v.pipe(v.array(EventBody), v.minLength(1, 'is empty'), v.maxLength(MAX_BATCH, `holds more than ${MAX_BATCH} events`))

export interface StoredEvent {
  eventId: string
  projectId: string
  st: string | null
  sv: string | null
  url: string
  domain: string
  event: string
  timestamp: number
  props: Record<string, unknown>
}

export async function storeEvents(db: Queryable, query: AnalyticsEvent['query'], events: v.InferOutput<typeof EventBody>[]): Promise<void> {
  const now = Date.now()
  for (const e of events) {
    await db.query(
      `INSERT INTO analytics_events (event_id, project_id, sdk_type, sdk_version, url, domain, event, occurred_at, received_at, props)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (event_id) DO NOTHING`,
      [e.eventId, query.projectId, query.st ?? null, query.sv ?? null, e.url, e.domain, e.props.event, e.timestamp, now, JSON.stringify(e.props)],
    )
  }
}

/** A project's stored events, oldest first. */
export async function readEvents(db: Queryable, projectId: string): Promise<StoredEvent[]> {
  const rows = await db.query<Record<string, unknown>>('SELECT * FROM analytics_events WHERE project_id = $1 ORDER BY occurred_at, received_at', [projectId])
  return rows.map((r) => ({
    eventId: String(r['event_id']),
    projectId: String(r['project_id']),
    st: (r['sdk_type'] as string | null) ?? null,
    sv: (r['sdk_version'] as string | null) ?? null,
    url: String(r['url']),
    domain: String(r['domain']),
    event: String(r['event']),
    timestamp: Number(r['occurred_at']),
    props: typeof r['props'] === 'string' ? JSON.parse(r['props']) : (r['props'] as Record<string, unknown>),
  }))
}

export const eventRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/e$/,
    access: 'query',
    // A beacon carries at most 64 KB.
    maxBody: 64 * 1024,
    async handle({ state, query, body }) {
      const { projectId, st, sv } = parse(Query, query, 'query')
      // What getAnalyticsConfig said: with analytics off nothing is collected.
      if (!state.analyticsEnabled) throw new HttpError(403, 'analytics: this service collects no events (getAnalyticsConfig says isAnalyticsEnabled: false)')
      // One event (SPEC section 7) or a batch of them (what the modal sends).
      const events = Array.isArray(body) ? parse(EventBatch, body, 'body') : [parse(EventBody, body, 'body')]
      await storeEvents(state.db, { projectId, st, sv }, events)
      return { json: {} }
    },
  },
]
