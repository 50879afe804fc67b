// The catalogue tests' shared fixture: the reference API server behind a recording proxy (no
// mocks), a store pointed at it, and the helpers both catalogue test files use.
import { effect } from '@preact/signals-core'
import type { Test } from 'uvu'
import { createStore, type Store } from '../../src/signals/store'
import { parseOptions, type AppKitOptions } from '../../src/signals/options'
import { mainnet, polygon } from '../../src/networks'
import type { Connector } from '../../src/types'
import { startProviderStack, type ProviderStack } from '../api/provider-stack'
import { watchdogMs } from '../watchdog.ts'

export const METAMASK = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
export const TRUST = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'
export const COINBASE_NAME = 'Coinbase Wallet'

export const fixture: { stack: ProviderStack } = { stack: undefined as unknown as ProviderStack }

/** Starts the API stack for a suite, empties storage and the recorded hits before each test, and stops it after. */
export function withStack(test: Test, name: string): void {
  const watchdog = setTimeout(() => {
    process.stderr.write(`${name}: timed out\n`)
    process.exit(1)
  }, watchdogMs(120_000))
  test.before(async () => {
    fixture.stack = await startProviderStack()
  })
  test.before.each(() => {
    fixture.stack.hits.length = 0
    localStorage.clear()
  })
  test.after(async () => {
    await fixture.stack?.stop()
    clearTimeout(watchdog)
  })
}

export function storeWith(options: Partial<AppKitOptions> = {}): Store {
  return createStore(parseOptions({ projectId: 'test', networks: [mainnet, polygon], apiUrl: fixture.stack.url, ...options }))
}

export function installed(rdns: string, name: string): Connector {
  return { id: rdns, uid: `eip155:${rdns}`, name, type: 'ANNOUNCED', chain: 'eip155', info: { rdns } }
}

/** Every error toast message shown on a store, in order. */
export function toasts(store: Store): string[] {
  const seen: string[] = []
  effect(() => {
    const t = store.toast.current.value
    if (t && seen.at(-1) !== `${t.id}:${t.message}`) seen.push(`${t.id}:${t.message}`)
  })
  return seen
}

export function quietConsole<T>(run: () => Promise<T>): Promise<{ result: T; errors: string[] }> {
  const errors: string[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '))
  return run().then(
    (result) => ((console.error = original), { result, errors }),
    (error) => {
      console.error = original
      throw error
    },
  )
}
