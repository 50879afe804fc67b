import { Buffer } from 'buffer'

/**
 * What AppKit's Solana adapter installs on the page (@reown/appkit-polyfills) and its sites rely on,
 * e.g. `Buffer.from(signature).toString('hex')`: Buffer, global and process.env, each only where
 * the page has none. Called when the adapter's chunk starts, never at import.
 */
export function installPolyfills(): void {
  if (typeof window === 'undefined') return
  const page = window as unknown as { Buffer?: unknown; global?: unknown; process?: { env?: unknown } }
  page.Buffer ??= Buffer
  page.global ??= window
  page.process ??= { env: {} }
  page.process.env ??= {}
}
