import { signal, computed, effect, batch, untracked, Signal } from '@preact/signals-core'
import * as Postern from './index'

/**
 * Run by the classic script: defines window.Postern, and hands its signals runtime to the lazy
 * chunks (see core-shim.ts): two copies of the runtime would not see each other's reads. Only
 * what the chunks use, so the loader keeps none of the rest (createModel, action).
 */
export function install(): void {
  const scope = globalThis as Record<string, unknown>
  scope.__postern_signals_core = { signal, computed, effect, batch, untracked, Signal }
  // networks stays a plain object that dist/cdn/networks.js can add to (loaded before or after).
  scope.Postern = { ...Postern, networks: { ...Postern.networks, ...(scope.__postern_networks as object) } }
}
