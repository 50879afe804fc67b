import type { ChainAdapter, ChainNamespace } from '../types'

/**
 * An adapter whose implementation is fetched on first use: the loader carries only this
 * forwarding object. getProvider is synchronous by contract, so it answers once loaded.
 */
export function lazyAdapter(namespace: ChainNamespace, load: () => Promise<ChainAdapter>): ChainAdapter {
  let loaded: ChainAdapter | undefined
  let loading: Promise<ChainAdapter> | undefined
  const get = () => (loading ??= load().then((adapter) => (loaded = adapter)))
  return {
    namespace,
    setup: (context) => get().then((a) => a.setup(context)),
    connect: (id, network) => get().then((a) => a.connect(id, network)),
    reconnect: (id, network) => get().then((a) => a.reconnect?.(id, network)),
    disconnect: (id) => get().then((a) => a.disconnect(id)),
    switchNetwork: (id, network) => get().then((a) => a.switchNetwork(id, network)),
    getBalance: (address, network, token) => get().then((a) => a.getBalance(address, network, token)),
    getTokenBalances: (address, network) => get().then((a) => a.getTokenBalances?.(address, network) ?? []),
    getProvider: (id, namespace) => loaded?.getProvider?.(id, namespace),
  }
}
