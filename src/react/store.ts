import { useMemo, useSyncExternalStore } from 'react'
import { effect } from '@preact/signals-core'
import type { AppKit } from '../kit'
import { currentInstance } from '../instance'
import { shallowEqual } from '../kit'

/** The current instance, or AppKit's error when createAppKit has not run. */
export function requireKit(hook: string): AppKit {
  const kit = currentInstance().value
  if (!kit) throw new Error(`Please call "createAppKit" before using "${hook}" hook`)
  return kit
}

/**
 * Bridges a signal read to the host's useSyncExternalStore: the snapshot object keeps its
 * identity until a field changes, which is what React needs to avoid render loops.
 */
export function useKitValue<T>(hook: string, read: (kit: AppKit) => T, deps: unknown[] = []): T {
  requireKit(hook)
  const source = useMemo(() => {
    let cached = read(currentInstance().peek()!)
    return {
      get: () => cached,
      subscribe(onChange: () => void) {
        return effect(() => {
          const kit = currentInstance().value
          if (!kit) return
          const next = read(kit)
          if (!shallowEqual(cached, next)) {
            cached = next
            onChange()
          }
        })
      },
    }
  }, deps)
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}
