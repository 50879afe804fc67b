import * as v from 'valibot'

/**
 * The one storage key the loader reads (the rest: storage-keys.ts, kept out of the loader). No
 * "wc_", "wc@" or "walletconnect" in it: WalletConnect's storage moves such localStorage keys
 * away when a universal provider starts, and a site's own provider starts before the modal.
 */
export const WC_SESSION_KEY = '@postern/session_namespaces'

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // access can throw in sandboxed frames
  }
}

/** Reads a JSON value and validates it; a missing or corrupt value gives undefined, never a throw. */
export function readStored<T extends v.GenericSchema>(key: string, schema: T): v.InferOutput<T> | undefined {
  const raw = store()?.getItem(key)
  if (raw == null) return undefined
  try {
    const result = v.safeParse(schema, JSON.parse(raw))
    return result.success ? result.output : undefined
  } catch {
    return undefined
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value))
  } catch {
    // quota or privacy mode: state still works in memory
  }
}

export function removeStored(key: string): void {
  try {
    store()?.removeItem(key)
  } catch {
    // see writeStored
  }
}
