
/** The event shape AppKit emits, so subscribeEvents listeners port over unchanged. */
export interface ModalEvent {
  timestamp: number
  data: { type: 'track'; event: string; properties?: Record<string, unknown> }
}

export function createEventsState() {
  // The latest events (at most 20): getEvent reads the last, and the analytics chunk sends the ones from before it arrived.
  return { listeners: new Set<(event: ModalEvent) => void>(), log: [] as ModalEvent[] }
}

/** The part of an instance's state these actions use (the Store has it). */
export type EventsStore = { events: ReturnType<typeof createEventsState> }

export function emitEvent(store: EventsStore, event: string, properties?: Record<string, unknown>): void {
  const entry: ModalEvent = { timestamp: Date.now(), data: { type: 'track', event, properties } }
  const log = store.events.log
  if (log.push(entry) > 20) log.shift()
  for (const listener of [...store.events.listeners]) {
    try {
      listener(entry)
    } catch (error) {
      console.error(error)
    }
  }
}

export function subscribeEvents(store: EventsStore, listener: (event: ModalEvent) => void): () => void {
  store.events.listeners.add(listener)
  return () => store.events.listeners.delete(listener)
}
