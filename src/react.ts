import { useMemo, useSyncExternalStore } from 'react'
import { effect } from '@preact/signals-core'
import type { AppKit } from './kit'
import type { OpenArgs } from './signals/modal'
import type { ThemeMode, ThemeVariables } from './signals/theme'
import type { ModalEvent } from './signals/events'
import type { Network } from './types'
import { currentInstance } from './instance'
import { readAccount, readNetwork, readState, shallowEqual } from './kit'
import { accountFor, activeAccount } from './signals/account'
import { loadRuntime } from './chunks'
import { isNamespace } from './utils/caip'

function requireKit(hook: string): AppKit {
  const kit = currentInstance().value
  if (!kit) throw new Error(`Please call "createAppKit" before using "${hook}" hook`)
  return kit
}

/**
 * Bridges a signal read to the host's useSyncExternalStore: the snapshot object keeps its
 * identity until a field changes, which is what React needs to avoid render loops.
 */
function useKitValue<T>(hook: string, read: (kit: AppKit) => T, deps: unknown[] = []): T {
  requireKit(hook)
  const source = useMemo(() => {
    let cached = read(currentInstance().peek()!)
    return {
      get: () => cached,
      subscribe(onChange: () => void) {
        return effect(() => {
          const kit = currentInstance().value
          if (!kit) return
          const next = read(kit)
          if (!shallowEqual(cached, next)) {
            cached = next
            onChange()
          }
        })
      },
    }
  }, deps)
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}

export function useAppKit() {
  const kit = requireKit('useAppKit')
  return useMemo(() => ({ open: (args?: OpenArgs) => kit.open(args), close: () => kit.close() }), [kit])
}

export function useAppKitAccount(options: { namespace?: string } = {}) {
  const namespace = isNamespace(options.namespace) ? options.namespace : undefined
  return useKitValue('useAppKitAccount', (kit) => readAccount(kit.store, namespace), [namespace])
}

export function useAppKitNetwork() {
  const network = useKitValue('useAppKitNetwork', (kit) => readNetwork(kit.store))
  const kit = requireKit('useAppKitNetwork')
  return useMemo(() => ({ ...network, switchNetwork: (target: Network) => kit.switchNetwork(target) }), [network, kit])
}

export function useAppKitState() {
  return useKitValue('useAppKitState', (kit) => readState(kit.store))
}

export function useAppKitTheme() {
  const theme = useKitValue('useAppKitTheme', (kit) => ({
    themeMode: kit.store.theme.mode.value,
    themeVariables: kit.store.theme.variables.value,
  }))
  const kit = requireKit('useAppKitTheme')
  return useMemo(
    () => ({
      ...theme,
      setThemeMode: (mode: ThemeMode) => kit.setThemeMode(mode),
      setThemeVariables: (variables: ThemeVariables) => kit.setThemeVariables(variables),
    }),
    [theme, kit],
  )
}

/** The latest modal event (AppKit's shape), re-rendering on every new one. */
export function useAppKitEvents(): ModalEvent | { timestamp: number; data: { type: 'track'; event: 'MODAL_CREATED' } } {
  const kit = requireKit('useAppKitEvents')
  const source = useMemo(() => {
    let last: ModalEvent | undefined = kit.store.events.last
    return {
      get: () => last,
      subscribe: (onChange: () => void) => kit.subscribeEvents((event) => ((last = event), onChange())),
    }
  }, [kit])
  const event = useSyncExternalStore(source.subscribe, source.get, source.get)
  return event ?? { timestamp: 0, data: { type: 'track', event: 'MODAL_CREATED' } }
}

export function useDisconnect() {
  const kit = requireKit('useDisconnect')
  return useMemo(() => ({ disconnect: (args: { namespace?: string } = {}) => kit.disconnect(args.namespace) }), [kit])
}

export function useWalletInfo() {
  return useKitValue('useWalletInfo', (kit) => ({ walletInfo: activeAccount(kit.store).connectedWalletInfo }))
}

export function useAppKitProvider<T = unknown>(namespace: string) {
  return useKitValue(
    'useAppKitProvider',
    (kit) => {
      const account = kit.store.accounts.byNamespace.value[namespace as never] as { connectorId?: string } | undefined
      const adapter = kit.store.options.adapters.find((a) => a.namespace === namespace)
      const walletProvider = account?.connectorId ? (adapter?.getProvider?.(account.connectorId) as T | undefined) : undefined
      return { walletProvider, walletProviderType: walletProvider ? kit.getWalletProviderType() : undefined }
    },
    [namespace],
  )
}

export interface BalanceResult {
  data: { balance: string; symbol: string } | undefined
  error: string | null
  isSuccess: boolean
  isError: boolean
}

/** AppKit's useAppKitBalance: fetchBalance reads the active account's balance afresh. */
export function useAppKitBalance() {
  return useMemo(() => ({
    async fetchBalance(): Promise<BalanceResult> {
      const kit = currentInstance().peek()
      if (!kit) throw new Error('AppKit not initialized when  fetchBalance was called.')
      const namespace = kit.store.network.activeNamespace.peek()
      if (!accountFor(kit.store, namespace).address) return { data: undefined, error: 'Not able to retrieve balance', isSuccess: false, isError: true }
      await (await loadRuntime()).refreshBalance(kit.store, namespace, { force: true })
      const { balance, balanceSymbol, balanceError } = accountFor(kit.store, namespace)
      const data = balance !== undefined && !balanceError ? { balance, symbol: balanceSymbol ?? '' } : undefined
      return { data, error: data ? null : 'No balance found', isSuccess: !!data, isError: !data }
    },
  }), [])
}

export { createAppKit } from './index'
