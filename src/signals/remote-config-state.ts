import { signal, type Signal } from '@preact/signals-core'
import type { Store } from './store'

/**
 * How many times the project's remote configuration changed the options (remote-config.ts): the
 * Connect view reads it, so e-mail login shows as soon as the server's answer turns it on. Kept
 * apart from the fetch and its schema, which the view does not need.
 */
const applied = new WeakMap<Store, Signal<number>>()

export function remoteConfigApplied(store: Store): Signal<number> {
  let s = applied.get(store)
  if (!s) applied.set(store, (s = signal(0)))
  return s
}
