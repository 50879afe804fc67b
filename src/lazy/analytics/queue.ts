import type { ModalEvent } from '../../signals/events'
import type { AnalyticsEventBody } from '../../signals/analytics'

/** AppKit never reports the modal's creation. */
export const EXCLUDED = new Set(['MODAL_CREATED'])
/** Events that are error telemetry (AppKit's TelemetryController categories): sent at once, rate-limited. */
export const ERROR_EVENTS = new Set(['INTERNAL_SDK_ERROR', 'API_ERROR', 'DATA_PARSING_ERROR', 'SECURE_SITE_ERROR'])
/** SPEC section 7: at most 5 error events in any 60 s. */
export const MAX_ERRORS = 5
export const ERROR_WINDOW_MS = 60_000
/** AppKit's batching: flush every 10 s, or sooner once the batch passes 45 KB (a beacon takes 64 KB). */
export const FLUSH_MS = 10_000
export const MAX_BATCH_BYTES = 45 * 1024

export interface QueueDeps {
  send(events: AnalyticsEventBody[], beacon: boolean): Promise<boolean> | boolean
  page(): { url: string; domain: string }
  context(): { address?: string; caipNetworkId?: string }
  id(): string
  now(): number
}

/**
 * The event queue: turns modal events into /e bodies (AppKit's shape), batches them, and
 * limits error telemetry. Pure apart from its deps, so its rules are tested without a page.
 */
export function createQueue(deps: QueueDeps) {
  let pending: AnalyticsEventBody[] = []
  let lastFlush = deps.now()
  const errorTimes: number[] = []

  const body = (event: ModalEvent): AnalyticsEventBody => {
    const { address, caipNetworkId } = deps.context()
    const { event: name, properties } = event.data
    const props: Record<string, unknown> = ERROR_EVENTS.has(name)
      ? {
          type: 'error',
          event: name,
          errorType: properties?.['errorType'],
          errorMessage: properties?.['errorMessage'],
          stackTrace: properties?.['stackTrace'],
          address,
        }
      : { ...event.data, address: (properties?.['address'] as string | undefined) ?? address, properties: { ...properties, caipNetworkId } }
    return { eventId: deps.id(), ...deps.page(), timestamp: event.timestamp, props }
  }

  const flush = (beacon = false) => {
    lastFlush = deps.now()
    if (!pending.length) return
    const batch = pending
    pending = []
    void deps.send(batch, beacon)
  }

  return {
    add(event: ModalEvent) {
      const name = event.data.event
      if (EXCLUDED.has(name)) return
      if (ERROR_EVENTS.has(name)) {
        const now = deps.now()
        while (errorTimes.length && now - errorTimes[0]! >= ERROR_WINDOW_MS) errorTimes.shift()
        if (errorTimes.length >= MAX_ERRORS) return
        errorTimes.push(now)
        void deps.send([body(event)], false)
        return
      }
      pending.push(body(event))
      if (JSON.stringify(pending).length > MAX_BATCH_BYTES || deps.now() - lastFlush >= FLUSH_MS) flush()
    },
    flush,
    /** Events waiting for the next flush. */
    pending: () => pending.length,
  }
}
