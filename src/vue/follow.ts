import { computed, getCurrentScope, onScopeDispose, reactive, shallowRef, type ShallowRef } from 'vue'
import { effect } from '@preact/signals-core'
import type { AppKit } from '../kit'
import { currentInstance } from '../instance'
import { shallowEqual } from '../kit'

/** The current instance, or AppKit's error when createAppKit has not run. */
export function requireKit(name: string, kind: 'composable' | 'hook' = 'composable'): AppKit {
  const kit = currentInstance().peek()
  if (!kit) throw new Error(`Please call "createAppKit" before using "${name}" ${kind}`)
  return kit
}

/** Runs stop when the calling component unmounts (or its effect scope ends). */
export function untilUnmounted(stop: () => void): void {
  if (getCurrentScope()) onScopeDispose(stop)
}

/**
 * A Vue ref kept equal to read(kit), for the life of the calling component: the signals' effect
 * replaces the ref's value when a field changes (shallow, so a wallet's provider object is never
 * wrapped in Vue's proxy). It follows the current instance too, so a composable used before
 * createAppKit reads `read(undefined)` until an instance exists.
 */
export function follow<T>(read: (kit: AppKit | undefined) => T): ShallowRef<T> {
  const state = shallowRef(read(currentInstance().peek()))
  untilUnmounted(effect(() => {
    const next = read(currentInstance().value)
    if (!shallowEqual(state.value, next)) state.value = next
  }))
  return state
}

/** AppKit's reactive({ ... }) results: each field read through from a followed ref, plus methods. */
export function fields<T extends object, M extends object>(source: ShallowRef<T>, methods: M): T & M {
  const keys = Object.keys(source.value) as (keyof T)[]
  return reactive({ ...Object.fromEntries(keys.map((k) => [k, computed(() => source.value[k])])), ...methods }) as T & M
}
