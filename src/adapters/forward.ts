import type { ChainAdapter, Network } from '../types'

/**
 * An adapter class under one of AppKit's names (SolanaAdapter, EthersAdapter, ...) that hands every
 * call to one of Postern's own adapters: the class is what the site constructs, the inner adapter
 * (lazy, its chain library in its own chunk) does the work.
 */
export class ForwardingAdapter implements ChainAdapter {
  readonly namespace: ChainAdapter['namespace']

  constructor(private readonly inner: ChainAdapter) {
    this.namespace = inner.namespace
  }

  setup: ChainAdapter['setup'] = (context) => this.inner.setup(context)
  connect: ChainAdapter['connect'] = (id, network) => this.inner.connect(id, network)
  reconnect = (id: string, network: Network) => this.inner.reconnect?.(id, network) ?? Promise.resolve(undefined)
  disconnect: ChainAdapter['disconnect'] = (id) => this.inner.disconnect(id)
  switchNetwork: ChainAdapter['switchNetwork'] = (id, network) => this.inner.switchNetwork(id, network)
  getBalance: ChainAdapter['getBalance'] = (address, network, token) => this.inner.getBalance(address, network, token)
  getTokenBalances = (address: string, network: Network) => this.inner.getTokenBalances?.(address, network) ?? Promise.resolve([])
  getProvider = (id: string, namespace?: ChainAdapter['namespace']) => this.inner.getProvider?.(id, namespace)
}
