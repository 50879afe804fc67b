import { watch } from './kit/watch'
import { appkitMethods } from './kit/methods'
import type { Store } from './signals/store'
import type { ChainNamespace, Network } from './types'
import type { ThemeMode, ThemeVariables } from './signals/theme'
import type { ModalEvent } from './signals/events'
import { accountFor, activeAccount, type EmbeddedWalletInfo } from './signals/account'
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
  allAccounts: { address: string; type?: string; publicKey?: string }[]
  embeddedWalletInfo?: EmbeddedWalletInfo
}

export interface NetworkSnapshot {
  caipNetwork: Network
  chainId: number | string
  caipNetworkId: string
  approvedCaipNetworkIds: string[]
  supportsAllNetworks: boolean
}

export { watch, shallowEqual } from './kit/watch'

export function readState(store: Store): AppKitState {
  return {
    open: store.modal.open.value,
    selectedNetworkId: store.network.activeCaipNetworkId.value,
    activeChain: store.network.activeNamespace.value,
    // Connecting or reconnecting.
    loading: store.modal.loading.value || store.connection.status.value.endsWith('connecting'),
    initialized: true,
  }
}

export function readAccount(store: Store, namespace?: ChainNamespace): AccountSnapshot {
  const account = namespace ? accountFor(store, namespace) : activeAccount(store)
  // Fields compared one by one (watch's shallowEqual): subscribeAccount calls back only on a change.
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    isConnected: account.status === 'connected' && !!account.address,
    status: account.status,
    allAccounts: account.allAccounts,
    embeddedWalletInfo: account.embeddedWalletInfo,
  }
}

export function readNetwork(store: Store): NetworkSnapshot {
  const network = store.network.activeNetwork.value
  return { caipNetwork: network, chainId: network.id, caipNetworkId: network.caipNetworkId, approvedCaipNetworkIds: [], supportsAllNetworks: true }
}

/** What makes subscribeNetwork call back: the active network, and the active account's connection. */
function networkTrigger(store: Store) {
  const account = activeAccount(store)
  return { network: store.network.activeNetwork.value, caipAddress: account.caipAddress, status: account.status }
}

/** The public instance: every method is a thin call into the store's actions. */
export function createKit(store: Store) {
  // The modal chunk carries openModal too: a first open waits on one chunk, sets the view, then
  // renders once (rendering closed and then open cost the first paint a second render).
  const load = () => (store.ui.mounting ??= loadModal())
  const mount = () => (store.ui.shown ??= load().then((m) => m.mountModal(store)))
  const namespaceOf = (value?: string) => (isNamespace(value) ? value : undefined)

  const close = async () => {
    if (store.modal.open.peek() || store.options.enableEmbedded) (await loadActions()).closeModal(store)
  }
  const more = appkitMethods(store, close)
  const kit = {
    ...more,
    /** AppKit's open: resolves once the modal shows the chosen view (its code is fetched on first open). */
    async open(args: OpenArgs = {}) {
      try {
        const modal = await load()
        modal.openModal(store, args, isMobile())
        await mount()
      } catch (error) {
        store.ui.mounting = store.ui.shown = undefined // a failed chunk load may succeed on the next click
        throw error
      }
    },
    close,
    /** Starts fetching the modal's code without opening it. */
    prefetch() {
      return loadModal().then(() => undefined, () => undefined)
    },
    getState: () => readState(store),
    subscribeState: (fn: (state: AppKitState) => void) => watch(() => readState(store), fn),
    getAddress: (namespace?: string) => readAccount(store, namespaceOf(namespace)).address,
    getCaipAddress: (namespace?: string) => readAccount(store, namespaceOf(namespace)).caipAddress,
    getChainId: () => store.network.activeNetwork.peek().id,
    /** AppKit's getCaipNetwork(namespace?, id?): that network, else the namespace's current one, else the active one. */
    getCaipNetwork: (namespace?: ChainNamespace, id?: string | number) => {
      const { byNamespace, activeNetwork } = store.network
      const all = more.getCaipNetworks(namespace)
      return namespace ? all.find((n) => n.id === id) ?? all.find((n) => n.caipNetworkId === byNamespace.peek()[namespace]) ?? all[0] : activeNetwork.peek()
    },
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
      watch(() => readAccount(store, namespaceOf(namespace)), fn),
    /** As AppKit's (a ChainController subscriber): on a network change, and on a connect or disconnect too. */
    subscribeNetwork: (fn: (network: NetworkSnapshot) => void) => watch(() => networkTrigger(store), () => fn(readNetwork(store))),
    /** The active namespace's wallet provider (EIP-1193 for EVM); undefined when nothing is connected. */
    getWalletProvider: () => more.getProvider(store.network.activeNamespace.peek()),
    getWalletProviderType: () => more.getProviderType(store.network.activeNamespace.peek()),
    getWalletInfo: (namespace?: ChainNamespace) => (namespace ? accountFor(store, namespace) : activeAccount(store)).connectedWalletInfo,
    /** AppKit's EventsController state: the last event, with its time. */
    getEvent: () => {
      const last = store.events.log.at(-1)
      return { timestamp: last?.timestamp ?? Date.now(), reportedErrors: {}, data: last?.data }
    },
    /** For Postern's own hooks and elements; not part of the AppKit surface. */
    store,
  }
  store.ui.open = kit.open
  // A site-placed <appkit-modal> with enableEmbedded renders the modal at once (elements/define.ts).
  store.ui.mount = mount
  return kit
}

/** The instance createAppKit returns. */
export type AppKit = ReturnType<typeof createKit>
