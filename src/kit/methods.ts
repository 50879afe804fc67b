import type { Store } from '../signals/store'
import type { ChainNamespace, Network } from '../types'
import type { ViewName } from '../signals/modal'
import type { ResolvedOptions } from '../signals/options'
import { accountFor, activeAccount, setAccountState } from '../signals/account'
import { withCaipId } from '../signals/options'
import { loadActions, loadRuntime } from '../chunks'
import { emitEvent } from '../signals/events'
import { watch } from './watch'

type Ns = ChainNamespace
type Connection = { connectorId: string; accounts: { address: string; type?: string }[]; caipNetwork?: Network }

// Methods whose code is in a chunk, forwarded by name: synchronous once the chunk is in (the
// runtime arrives at createAppKit when there are adapters), in call order before that.
const ACTIONS = 'updateOptions updateFeatures getUniversalProvider syncIdentity updateNativeBalance showErrorMessage showSuccessMessage handleUnsafeRPCRequest setConnectMethodsOrder setWalletFeaturesOrder setCollapseWallets setSocialsOrder setTermsConditionsUrl setPrivacyPolicyUrl'
const RUNTIME = 'resetAccount setBalance setProfileName setProfileImage setUser setAddressExplorerUrl setStatus setConnectedWalletInfo setCaipAddress setCaipNetworkOfNamespace setSmartAccountDeployed'
type Actions = typeof import('../signals/actions')
type Runtime = typeof import('../signals/runtime')
type Sync<F> = F extends (store: Store, ...args: infer A) => infer R ? (...args: A) => R : never
type Async<F> = F extends (store: Store, ...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never
type Forwarded = { [K in Extract<keyof Actions, `update${string}` | `get${string}` | `sync${string}` | `show${string}` | `handle${string}`>]: Async<Actions[K]> } & {
  [K in Extract<keyof Actions, `set${string}`>]: Sync<Actions[K]> } & { [K in Extract<keyof Runtime, `set${string}` | 'resetAccount'>]: Sync<Runtime[K]> }

/**
 * The rest of AppKit 1.8's public instance methods (appkit-base-client.ts), with its
 * signatures and return shapes, over this instance's signals. kit.ts holds the core ones.
 */
export function appkitMethods(store: Store, close: () => Promise<void>) {
  const { network, modal, options } = store
  const ns = (namespace?: string) => (namespace || network.activeNamespace.peek()) as Ns
  const remote = store.remoteFeatures
  // AppKit lists connections only with the multiWallet remote feature; without it, [].
  const multiWallet = () => !!remote.peek().multiWallet
  const stackSet = (change: (s: { view: ViewName }[]) => { view: ViewName }[]) => void (modal.stack.value = change(modal.stack.peek()))
  const connections = (namespace?: string): Connection[] =>
    [...store.connection.connections.value.values()]
      .filter((c) => c.namespace === ns(namespace))
      .map((c) => ({ connectorId: c.connectorId, accounts: c.accounts, caipNetwork: network.networks.peek().find((n) => String(n.id) === String(c.chainId) && n.chainNamespace === c.namespace) }))
  const providerOf = (namespace?: string) => {
    const n = ns(namespace)
    const { connectorId } = accountFor(store, n)
    const driver = connectorId && (store.drivers.get(connectorId) ?? options.adapters.find((a) => a.namespace === n))
    return driver ? driver.getProvider?.(connectorId, n) : undefined
  }
  /** The networks a wallet approved; [] means it takes any configured network (injected wallets; WalletConnect sessions too for now). */
  const approved = (): string[] => []
  const requireAdapter = (namespace: Ns) => {
    if (options.adapters.length && !options.adapters.some((a) => a.namespace === namespace)) throw new Error(`Adapter for namespace ${namespace} doesn't exist`)
  }
  // Kept in the namespace's account state, as AppKit keeps them.
  const setLabels = (namespace: Ns, patch: Record<string, string | undefined>) =>
    setAccountState(store, namespace, { addressLabels: { ...accountFor(store, namespace).addressLabels, ...patch } })

  const getProviderType = (namespace: Ns) => {
    const { connectorId } = accountFor(store, namespace)
    return store.connection.connectors.peek().find((c) => c.id === connectorId && c.chain === namespace)?.type
  }

  const forwarded = {} as Forwarded
  const forward = (names: string, key: 'actions' | 'runtime', load: () => Promise<object>) => {
    for (const name of names.split(' '))
      (forwarded as Record<string, unknown>)[name] = (...args: unknown[]) => {
        const call = (m: object) => (m as Record<string, (...a: unknown[]) => unknown>)[name]!(store, ...args)
        return store.ui[key] ? call(store.ui[key]) : load().then((m) => call((store.ui[key] = m)))
      }
  }
  forward(ACTIONS, 'actions', loadActions)
  forward(RUNTIME, 'runtime', loadRuntime)

  return {
    ...forwarded,
    getError: () => '',
    /** AppKit's order: the site's, else wallets first when an installed wallet is there, else e-mail and socials first. */
    getConnectMethodsOrder: () =>
      options.features.connectMethodsOrder ?? (store.connection.connectors.peek().some((c) => /^(INJ|ANN)/.test(c.type)) ? 'wallet email social' : 'email social wallet').split(' '),
    isOpen: () => modal.open.peek(),
    redirect: (view: ViewName) => stackSet((s) => [...s, { view }]),
    replace: (view: ViewName) => stackSet((s) => [...s.slice(0, -1), { view }]),
    /** AppKit's RouterController.popTransactionStack: one step back, or close when nothing is left. */
    popTransactionStack: (_status?: 'cancel' | 'error' | 'success') => (modal.stack.peek().length > 1 ? stackSet((s) => s.slice(0, -1)) : void close()),
    isTransactionStackEmpty: () => modal.stack.peek().length < 2,
    setLoading: (loading: boolean, _namespace?: Ns) => void (modal.loading.value = loading),
    /** Resolves when the adapters have started and restored any earlier connection. */
    ready: async () => void (await store.ui.start?.().catch(() => undefined)),
    getIsConnectedState: () => !!activeAccount(store).caipAddress,
    getAddressByChainNamespace: (namespace: Ns) => accountFor(store, namespace).address,
    getConnections: (namespace?: Ns) => (multiWallet() ? connections(namespace) : []),
    /** Postern keeps no record of earlier wallets' accounts (AppKit too returns [] unless multiWallet is on). */
    getRecentConnections: (_namespace?: Ns): Connection[] => [],
    getPreferredAccountType: (namespace?: Ns) => accountFor(store, ns(namespace)).preferredAccountType ?? options.defaultAccountTypes[ns(namespace)],
    setPreferredAccountType: (type: 'eoa' | 'smartAccount', namespace: Ns) => {
      setAccountState(store, namespace, { preferredAccountType: type })
      emitEvent(store, 'SET_PREFERRED_ACCOUNT_TYPE', { accountType: type, network: network.activeCaipNetworkId.peek() })
    },
    addAddressLabel: (address: string, label: string, namespace: Ns) => setLabels(namespace, { [address]: label }),
    removeAddressLabel: (address: string, namespace: Ns) => setLabels(namespace, { [address]: undefined }),
    getCaipNetworkId: () => network.activeNetwork.peek().id,
    getCaipNetworks: (namespace?: Ns) => network.networks.peek().filter((n) => !namespace || n.chainNamespace === namespace),
    getActiveChainNamespace: () => network.activeNamespace.peek(),
    getApprovedCaipNetworkIds: approved,
    /** None while every configured network counts as approved (see approved). */
    getDisabledCaipNetworks: (): Network[] => [],
    /** AppKit's addNetwork: only for a namespace the site has an adapter for. */
    addNetwork(namespace: Ns, input: Omit<Network, 'caipNetworkId' | 'chainNamespace'>) {
      requireAdapter(namespace)
      const added = withCaipId({ ...input, chainNamespace: namespace } as Parameters<typeof withCaipId>[0])
      if (!network.networks.peek().some((n) => n.caipNetworkId === added.caipNetworkId)) network.networks.value = [...network.networks.peek(), added]
    },
    removeNetwork(namespace: Ns, id: string | number) {
      requireAdapter(namespace)
      network.networks.value = network.networks.peek().filter((n) => n.chainNamespace !== namespace || String(n.id) !== String(id))
    },
    getProvider: <T = unknown>(namespace: Ns) => providerOf(namespace) as T | undefined,
    getProviderType,
    subscribeProviders: (fn: (providers: Partial<Record<Ns, unknown>>) => void) =>
      watch(() => Object.fromEntries(Object.keys(store.accounts.byNamespace.value).map((n) => [n, providerOf(n)])), fn),
    subscribeWalletInfo: (fn: (info?: { name: string; icon?: string }) => void, namespace?: Ns) =>
      watch(() => (namespace ? accountFor(store, namespace) : activeAccount(store)).connectedWalletInfo, fn),
    subscribeConnections: (fn: (state: { connections: Connection[] }) => void) =>
      watch(() => ({ connections: connections() }), fn, (a, b) => JSON.stringify(a) === JSON.stringify(b)),
    subscribeCaipNetworkChange: (fn: (network?: Network) => void) => watch(() => network.activeNetwork.value, fn),
    /** Called with the new address when the connected wallet switches accounts. */
    subscribeShouldUpdateToAddress: (fn: (address?: string) => void) =>
      watch(() => (activeAccount(store).status === 'connected' ? activeAccount(store).address : undefined), (address) => address && fn(address)),
    getRemoteFeatures: () => remote.peek(),
    subscribeRemoteFeatures: (fn: (features: Record<string, unknown>) => void) => watch(() => remote.value, fn),
    updateRemoteFeatures: (patch: Record<string, unknown>) => void (remote.value = { ...remote.peek(), ...patch }),
    getSIWX: <T = ResolvedOptions['siwx']>() => options.siwx as T | undefined,
  }
}
