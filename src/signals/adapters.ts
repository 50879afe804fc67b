import type { Store } from './store'
import type { AdapterContext, ChainAdapter, Connector, Network } from '../types'
import { accountFor, setAccountState } from './account'
import { applyConnection, applyPurposeAccounts, forgetConnection, refreshBalance } from './wallet'
import { refreshProfile } from './profile'
import { markRestoring, reconnectNamespace, wasConnected } from './reconnect'
import { findNetwork } from './network'
import { toCaipAddress } from '../utils/caip'
import { isMobile } from '../utils/platform'
import { emitEvent } from './events'
import { excludedWallets } from './coinbase'

/**
 * Every RPC endpoint of a network, in the order reads fall back across them: the site's
 * customRpcUrls (AppKit's), its rpcUrls, then the network's own.
 */
export function rpcUrlsFor(store: Store, network: Network): string[] {
  const { customRpcUrls, rpcUrls } = store.options
  const configured = rpcUrls?.[network.caipNetworkId] ?? rpcUrls?.[String(network.id)] ?? []
  return [...new Set([...(customRpcUrls?.[network.caipNetworkId]?.map((c) => c.url) ?? []), ...[configured].flat(), ...network.rpcUrls.default.http])]
}

/** The first of them: for what takes one endpoint (a wallet's chain, WalletConnect's default chain). */
export const rpcUrlFor = (store: Store, network: Network): string => rpcUrlsFor(store, network)[0] ?? ''

function contextFor(store: Store, adapter: ChainAdapter): AdapterContext {
  const namespace = adapter.namespace
  return {
    networks: store.options.networks.filter((n) => n.chainNamespace === namespace),
    rpcUrl: (network) => rpcUrlFor(store, network),
    rpcUrls: (network) => rpcUrlsFor(store, network),
    settings: {
      enableInjected: store.options.enableInjected !== false,
      enableEIP6963: store.options.enableEIP6963 !== false,
      mobile: isMobile(),
      excluded: excludedWallets(store.options),
    },
    setConnectors(connectors: Connector[]) {
      // The built-in WalletConnect connector belongs to no adapter: it stays.
      const others = store.connection.connectors.peek().filter((c) => c.chain !== namespace || c.type === 'WALLET_CONNECT')
      const images = store.options.connectorImages ?? {}
      store.connection.connectors.value = [...others, ...connectors.map((c) => (images[c.id] ? { ...c, imageUrl: images[c.id] } : c))]
    },
    onAccountChanged({ connectorId, address, chainId, accounts }) {
      const account = accountFor(store, namespace)
      if (account.connectorId !== connectorId) return
      const connector = store.connection.connectors.peek().find((c) => c.id === connectorId && c.chain === namespace)
      if (!address && chainId === undefined) return
      if (connector) {
        // A wallet acting in the background must not pull its namespace to the front.
        const activate = store.network.activeNamespace.peek() === namespace
        applyConnection(store, connector, address ?? account.address!, chainId ?? chainIdOf(account.caipAddress), { activate })
        applyPurposeAccounts(store, namespace, { accounts })
      } else if (address && account.caipAddress) {
        const caipNetwork = account.caipAddress.split(':').slice(0, 2).join(':') as `${string}:${string}`
        setAccountState(store, namespace, { address, caipAddress: toCaipAddress(caipNetwork, address) })
      }
      if (chainId !== undefined) {
        const unsupported = !findNetwork(store.options.networks, chainId, namespace)
        store.network.unsupported.value = unsupported
        if (unsupported && store.options.enableNetworkSwitch !== false && !store.options.allowUnsupportedChain) {
          void store.ui.open?.({ view: 'UnsupportedChain' })
        }
      }
      void refreshBalance(store, namespace)
      if (address) void refreshProfile(store, namespace)
    },
    onConnected({ connectorId, address, chainId }) {
      const connector = store.connection.connectors.peek().find((c) => c.id === connectorId && c.chain === namespace)
      const account = accountFor(store, namespace)
      if (!connector || (account.status === 'connected' && account.connectorId === connectorId)) return
      applyConnection(store, connector, address, chainId)
      emitEvent(store, 'CONNECT_SUCCESS', { method: 'browser', name: connector.name })
      void refreshBalance(store, namespace)
      void refreshProfile(store, namespace)
    },
    onDisconnected(connectorId) {
      if (accountFor(store, namespace).connectorId === connectorId) forgetConnection(store, namespace)
    },
  }
}

function chainIdOf(caipAddress: string | undefined): string {
  return caipAddress?.split(':')[1] ?? ''
}

/** Hands each adapter its context; adapter set-up errors are logged, never fatal to the page. */
export function startAdapters(store: Store): void {
  const adapters = store.options.adapters
  const restoring = store.options.enableReconnect !== false && wasConnected()
  if (store.options.siwx || store.options.siweConfig) void import('./siwx').then((m) => m.watchSiwx(store))
  if (restoring) markRestoring(store, adapters.map((a) => a.namespace))
  for (const adapter of adapters) {
    Promise.resolve()
      .then(() => adapter.setup(contextFor(store, adapter)))
      .then(() => reconnectNamespace(store, adapter, restoring))
      .catch((error) => {
        console.error(`[postern] the ${adapter.namespace} adapter failed to start`, error)
        return reconnectNamespace(store, { ...adapter, reconnect: undefined }, restoring)
      })
  }
}
