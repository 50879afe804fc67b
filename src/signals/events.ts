
/** The event shape AppKit emits, so subscribeEvents listeners port over unchanged. */
export interface ModalEvent {
  timestamp: number
  data: { type: 'track'; event: string; properties?: Record<string, unknown> }
}

export function createEventsState() {
  return { listeners: new Set<(event: ModalEvent) => void>(), last: undefined as ModalEvent | undefined }
}

/** The part of an instance's state these actions use (the Store has it). */
export type EventsStore = { events: ReturnType<typeof createEventsState> }

export function emitEvent(store: EventsStore, event: string, properties?: Record<string, unknown>): void {
  const entry: ModalEvent = { timestamp: Date.now(), data: { type: 'track', event, properties } }
  store.events.last = entry
  for (const listener of [...store.events.listeners]) {
    try {
      listener(entry)
    } catch (error) {
      console.error('[postern] an events listener threw', error)
    }
  }
}

export function subscribeEvents(store: EventsStore, listener: (event: ModalEvent) => void): () => void {
  store.events.listeners.add(listener)
  return () => store.events.listeners.delete(listener)
}
