import * as v from 'valibot'

/** The one storage key the loader reads (the rest: storage-keys.ts, kept out of the loader). */
export const WC_SESSION_KEY = '@postern/wc_session'

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
