import * as core from '@preact/signals-core'
import * as Postern from './index'

/**
 * Run by the classic script: defines window.Postern, and hands its signals runtime to the lazy
 * chunks (see core-shim.ts): two copies of the runtime would not see each other's reads.
 */
export function install(): void {
  const scope = globalThis as Record<string, unknown>
  scope.__postern_signals_core = core
  scope.Postern = Postern
}
