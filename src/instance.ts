import { signal } from '@preact/signals-core'
import type { AppKit } from './kit'

// The page-wide current instance, as AppKit has it: hooks and custom elements follow it.
// Created lazily so that importing this module on a server allocates nothing.
let current: ReturnType<typeof signal<AppKit | undefined>> | undefined

export function currentInstance() {
  return (current ??= signal<AppKit | undefined>(undefined))
}

export function setCurrentInstance(kit: AppKit): void {
  currentInstance().value = kit
}

export function getCurrentInstance(): AppKit | undefined {
  return currentInstance().peek()
}
