import { effect } from '@preact/signals-core'

/** Calls fn with each new value of read(), not with the first one (as AppKit's subscribers do). */
export function watch<T>(read: () => T, fn: (value: T) => void, same: (a: T, b: T) => boolean = shallowEqual): () => void {
  let first = true
  let last: T
  return effect(() => {
    const value = read()
    if (first) {
      first = false
      last = value
      return
    }
    if (same(last, value)) return
    last = value
    // A site's callback that throws is reported on the console with its own stack (as AppKit's
    // are), and never breaks the change (a connect) that called it.
    try {
      fn(value)
    } catch (error) {
      console.error(error)
    }
  })
}

export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false
  const keys = Object.keys(a as object)
  return keys.length === Object.keys(b as object).length && keys.every((k) => Object.is((a as never)[k], (b as never)[k]))
}
