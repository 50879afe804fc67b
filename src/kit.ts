import { effect } from '@preact/signals-core'
import type { Store } from './signals/store'
import type { ChainNamespace, Network } from './types'
import type { ThemeMode, ThemeVariables } from './signals/theme'
import type { ModalEvent } from './signals/events'
import { accountFor, activeAccount } from './signals/account'
import type { OpenArgs } from './signals/modal'
import { setThemeMode, setThemeVariables } from './signals/theme'
import { subscribeEvents } from './signals/events'
import { isMobile } from './utils/platform'
import { isNamespace } from './utils/caip'
import { loadActions, loadModal, loadRuntime } from './chunks'

export interface AppKitState {
  open: boolean
  selectedNetworkId: string
  activeChain: ChainNamespace
  loading: boolean
  initialized: boolean
}

export interface AccountSnapshot {
  address?: string
  caipAddress?: string
  isConnected: boolean
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
  allAccounts: { address: string; type?: string }[]
  embeddedWalletInfo?: undefined
}

export interface NetworkSnapshot {
  caipNetwork: Network
  chainId: number | string
  caipNetworkId: string
}

/** Calls fn with each new value of read(), not with the first one (as AppKit's subscribers do). */
export function watch<T>(read: () => T, fn: (value: T) => void, same: (a: T, b: T) => boolean = shallowEqual): () => void {
  let first = true
  let last: T
  return effect(() => {
    const value = read()
    if (first) {
      first = false
      last = value
      return
    }
    if (same(last, value)) return
    last = value
    fn(value)
  })
}

export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false
  const keys = Object.keys(a as object)
  return keys.length === Object.keys(b as object).length && keys.every((k) => Object.is((a as never)[k], (b as never)[k]))
}

export function readState(store: Store): AppKitState {
  return {
    open: store.modal.open.value,
    selectedNetworkId: store.network.activeCaipNetworkId.value,
    activeChain: store.network.activeNamespace.value,
    loading: store.connection.status.value === 'connecting' || store.connection.status.value === 'reconnecting',
    initialized: true,
  }
}

export function readAccount(store: Store, namespace?: ChainNamespace): AccountSnapshot {
  const account = namespace ? accountFor(store, namespace) : activeAccount(store)
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    isConnected: account.status === 'connected' && !!account.address,
    status: account.status,
    allAccounts: account.allAccounts,
    embeddedWalletInfo: undefined,
  }
}

export function readNetwork(store: Store): NetworkSnapshot {
  const network = store.network.activeNetwork.value
  return { caipNetwork: network, chainId: network.id, caipNetworkId: network.caipNetworkId }
}

/** The public instance: every method is a thin call into the store's actions. */
export function createKit(store: Store) {
  let mounting: Promise<unknown> | undefined
  const mount = () => (mounting ??= loadModal().then((m) => m.mountModal(store)))
  const namespaceOf = (value?: string) => (isNamespace(value) ? value : undefined)

  const kit = {
    /** AppKit's open: resolves once the modal shows the chosen view (its code is fetched on first open). */
    async open(args: OpenArgs = {}) {
      try {
        const [actions] = await Promise.all([loadActions(), mount()])
        actions.openModal(store, args, isMobile())
      } catch (error) {
        mounting = undefined // a failed chunk load may succeed on the next click
        throw error
      }
    },
    async close() {
      if (store.modal.open.peek() || store.options.enableEmbedded) (await loadActions()).closeModal(store)
    },
    /** Starts fetching the modal's code without opening it. */
    prefetch() {
      return loadModal().then(() => undefined, () => undefined)
    },
    getState: () => readState(store),
    subscribeState: (fn: (state: AppKitState) => void) => watch(() => readState(store), fn),
    getAddress: (namespace?: string) => readAccount(store, namespaceOf(namespace)).address,
    getCaipAddress: (namespace?: string) => readAccount(store, namespaceOf(namespace)).caipAddress,
    getChainId: () => store.network.activeNetwork.peek().id,
    getCaipNetwork: () => store.network.activeNetwork.peek(),
    getIsConnected: () => readAccount(store).isConnected,
    getAccount: (namespace?: string) => readAccount(store, namespaceOf(namespace)),
    switchNetwork: (network: Network) => loadRuntime().then((m) => m.switchNetwork(store, network)),
    disconnect: (namespace?: string) => loadRuntime().then((m) => m.disconnectWallet(store, namespaceOf(namespace))),
    setThemeMode: (mode: ThemeMode) => setThemeMode(store, mode),
    setThemeVariables: (variables: ThemeVariables) => setThemeVariables(store, variables),
    getThemeMode: () => store.theme.mode.peek(),
    getThemeVariables: () => store.theme.variables.peek(),
    subscribeTheme: (fn: (theme: { themeMode: ThemeMode; themeVariables: ThemeVariables }) => void) =>
      watch(() => ({ themeMode: store.theme.mode.value, themeVariables: store.theme.variables.value }), fn),
    subscribeEvents: (fn: (event: ModalEvent) => void) => subscribeEvents(store, fn),
    subscribeAccount: (fn: (account: AccountSnapshot) => void, namespace?: string) =>
      watch(() => readAccount(store, namespaceOf(namespace)), fn, accountEqual),
    subscribeNetwork: (fn: (network: NetworkSnapshot) => void) => watch(() => readNetwork(store), fn),
    /** The connected wallet's provider (EIP-1193 for EVM); undefined when nothing is connected. */
    getWalletProvider: () => {
      const { connectorId } = activeAccount(store)
      const driver = connectorId ? (store.drivers.get(connectorId) ?? store.options.adapters.find((a) => a.namespace === store.network.activeNamespace.peek())) : undefined
      return connectorId ? driver?.getProvider?.(connectorId) : undefined
    },
    getWalletProviderType: () => store.connection.connectors.peek().find((c) => c.uid === store.connection.activeConnectorUid.peek())?.type,
    getWalletInfo: () => activeAccount(store).connectedWalletInfo,
    /** For Postern's own hooks and elements; not part of the AppKit surface. */
    store,
  }
  store.ui.open = kit.open
  return kit
}

function accountEqual(a: AccountSnapshot, b: AccountSnapshot): boolean {
  return a.address === b.address && a.caipAddress === b.caipAddress && a.status === b.status && a.allAccounts === b.allAccounts
}

/** The instance createAppKit returns. */
export type AppKit = ReturnType<typeof createKit>
