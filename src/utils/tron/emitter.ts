import type { TronProviderEvent } from './types'

/** AppKit's ProviderEventEmitter: the provider events a TronConnector emits to the site. */
export class ProviderEventEmitter {
  private readonly listeners = new Map<string, ((data: never) => void)[]>()

  on(event: TronProviderEvent, listener: (data: never) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
  }

  removeListener(event: string, listener: (data: never) => void): void {
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== listener))
  }

  emit(event: string, data?: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(data as never)
      } catch {
        // a site's listener that throws must not stop the others
      }
    }
  }
}
