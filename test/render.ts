// Helpers for rendering the modal in happy-dom and waiting on what it shows.
import { createAppKit, type AppKitOptions } from '../src/index'
import { mainnet, polygon } from '../src/networks'
import { conditionMs } from './watchdog.ts'

/** Every kit this file made: they share the page's storage, so a test may wait for the others to settle. */
export const kitsMade: ReturnType<typeof createAppKit>[] = []

export function kitWith(options: Partial<AppKitOptions> = {}) {
  // A closed loopback port: unit tests never reach a public service, and fail fast.
  const offline = 'http://127.0.0.1:9/'
  const kit = createAppKit({ projectId: 'test', networks: [mainnet, polygon], apiUrl: offline, blockchainApiUrl: offline, ...options } as AppKitOptions)
  kitsMade.push(kit)
  return kit
}

export function modalRoot(): ShadowRoot {
  const host = document.querySelector('w3m-modal')
  if (!host?.shadowRoot) throw new Error('the modal is not mounted')
  return host.shadowRoot
}

/** Polls until check() returns a truthy value; fails with the label after the timeout (longer in a whole run, test/watchdog.ts). */
export async function waitFor<T>(check: () => T | undefined | null | false, label = 'condition', timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + conditionMs(timeoutMs)
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

export function resetDom(): void {
  document.body.replaceChildren()
  localStorage.clear()
}

export const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms))
