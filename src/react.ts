import { useMemo, useSyncExternalStore } from 'react'
import type { OpenArgs } from './signals/modal'
import type { ThemeMode, ThemeVariables } from './signals/theme'
import type { ModalEvent } from './signals/events'
import type { Network } from './types'
import { readAccount, readNetwork, readState, type AppKit } from './kit'
import { requireKit, useKitValue } from './react/store'
import { accountFor, activeAccount } from './signals/account'
import { fetchBalance } from './kit/balance'
import { currentInstance } from './instance'
import { isNamespace } from './utils/caip'

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

/** AppKit's useAppKitNetworkCore: the network state without switchNetwork. */
export function useAppKitNetworkCore() {
  return useKitValue('useAppKitNetworkCore', (kit) => readNetwork(kit.store))
}

/** AppKit's shape: the public state with the remote features spread in. */
export function useAppKitState() {
  return useKitValue('useAppKitState', (kit) => ({ ...readState(kit.store), ...kit.store.remoteFeatures.value }))
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

/** AppKit's EventsController state ({ timestamp, reportedErrors, data }), re-rendering on every new event. */
export function useAppKitEvents(): { timestamp: number; reportedErrors: Record<string, boolean>; data: ModalEvent['data'] } {
  const kit = requireKit('useAppKitEvents')
  const source = useMemo(() => {
    let last = kit.getEvent()
    return {
      get: () => last,
      subscribe: (onChange: () => void) => kit.subscribeEvents(() => ((last = kit.getEvent()), onChange())),
    }
  }, [kit])
  const event = useSyncExternalStore(source.subscribe, source.get, source.get)
  return { ...event, data: event.data ?? { type: 'track', event: 'MODAL_CREATED' } }
}

export function useDisconnect() {
  const kit = requireKit('useDisconnect')
  return useMemo(() => ({ disconnect: (args: { id?: string; namespace?: string } = {}) => kit.disconnect(args.namespace) }), [kit])
}

export function useWalletInfo(namespace?: string) {
  const ns = isNamespace(namespace) ? namespace : undefined
  return useKitValue('useWalletInfo', (kit) => ({ walletInfo: (ns ? accountFor(kit.store, ns) : activeAccount(kit.store)).connectedWalletInfo }), [ns])
}

/**
 * The namespace's wallet provider, whatever connected it (injected, WalletConnect, Solana). Typed
 * `T` as AppKit's is (undefined until a wallet connects), so its examples' code type-checks as is.
 */
export function useAppKitProvider<T = unknown>(namespace: string): { walletProvider: T; walletProviderType: ReturnType<AppKit['getProviderType']> } {
  return useKitValue(
    'useAppKitProvider',
    (kit) => {
      if (!isNamespace(namespace)) return { walletProvider: undefined as T, walletProviderType: undefined }
      // Read the account so the snapshot follows connections; the kit method does the lookup.
      void kit.store.accounts.byNamespace.value[namespace]
      void kit.store.connection.connectors.value
      return { walletProvider: kit.getProvider<T>(namespace) as T, walletProviderType: kit.getProviderType(namespace) }
    },
    [namespace],
  )
}

/** AppKit's useAppKitBalance: fetchBalance reads the active account's balance afresh. */
export function useAppKitBalance() {
  return useMemo(() => ({ fetchBalance: () => fetchBalance(currentInstance().peek()) }), [])
}

export { createAppKit } from './index'
export type * from './appkit-types'
export type { AppKitElements } from './react/jsx'
export type { BalanceResult } from './kit/balance'
export { useAppKitConnections, useAppKitConnection } from './react/connections'
export type { AppKitConnection } from './react/connections'
export { useAppKitWallets } from './react/wallets'
export type { WalletItem } from './react/wallets'
export { AppKitProvider, AppKitButton, AppKitConnectButton, AppKitAccountButton, AppKitNetworkButton } from './react/components'
export type { AppKitProviderProps, AppKitButtonProps } from './react/components'
