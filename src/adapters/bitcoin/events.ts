import type { BitcoinConnector } from './types'

/** AppKit's ProviderEventEmitter: the on/removeListener/emit every BitcoinConnector carries. */
export function providerEvents(): Pick<BitcoinConnector, 'on' | 'removeListener' | 'emit'> {
  const listeners = new Map<string, Set<(data: never) => void>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, data) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(data as never)
    },
  }
}
