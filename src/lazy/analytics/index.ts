import type { Store } from '../../signals/store'
import { subscribeEvents, type ModalEvent } from '../../signals/events'
import { eventContext, postEvents, readAnalyticsSwitch } from '../../signals/analytics'
import { createQueue, FLUSH_MS } from './queue'

const started = new WeakSet<Store>()

/**
 * Sends the instance's events to the provider API when features.analytics is on and the
 * project's analytics config says enabled: batched every 10 s, by sendBeacon when the page is
 * hidden or left. Events from before this chunk arrived come from the instance's recent log.
 */
export async function startAnalytics(store: Store): Promise<void> {
  if (started.has(store) || !store.options.features.analytics) return
  started.add(store)
  // Until the project's switch answers, events wait here and nothing leaves the page: analytics
  // are sent only when enabled, and the switch is off until it says on (SPEC). A page left before
  // the answer sends nothing; one that comes back (back/forward cache) sends them once it is on.
  const waiting: ModalEvent[] = [...store.events.log]
  const stopHolding = subscribeEvents(store, (event) => waiting.push(event))
  const enabled = await readAnalyticsSwitch(store)
  stopHolding()
  if (!enabled) return
  const queue = createQueue({
    send: (events, beacon) => postEvents(store, events, beacon),
    page: () => ({ url: location.href, domain: location.hostname }),
    context: () => eventContext(store),
    id: uuid,
    now: Date.now,
  })
  // A timer only while events wait: no idle wake-ups, and nothing keeps a finished page or test alive.
  let timer: ReturnType<typeof setTimeout> | undefined
  const add = (event: ModalEvent) => {
    queue.add(event)
    if (queue.pending()) timer ??= setTimeout(() => ((timer = undefined), queue.flush()), FLUSH_MS)
  }
  waiting.forEach(add)
  subscribeEvents(store, add)
  const leave = () => {
    clearTimeout(timer)
    timer = undefined
    queue.flush(true)
  }
  addEventListener('pagehide', leave)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && leave())
}

/** A v4 UUID; randomUUID exists only in secure contexts, getRandomValues everywhere. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
