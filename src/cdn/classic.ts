import * as core from '@preact/signals-core'
import * as Postern from './index'

// The lazy chunks of the classic build read signals from this copy (see core-shim.ts):
// two copies of the signals runtime would not see each other's reads.
;(globalThis as Record<string, unknown>).__postern_signals_core = core
;(globalThis as Record<string, unknown>).Postern = Postern
