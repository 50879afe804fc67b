import type { AdapterContext, ChainAdapter, ConnectResult, Connector, Network } from '../../types'
import { PosternError } from '../../utils/errors'
import { formatUnits } from '../../utils/units'
import { isTronAddress } from '../../utils/tron/address'
import { createTronConnector } from './connector'
import { tronApi } from '../../utils/tron/http'
import { trc20Balance } from '../../utils/tron/transfer'
import type { TronConnector, TronWalletAdapter } from '../../utils/tron/types'
import { createTronWalletConnectConnector, type SessionProvider, type SessionState } from './walletconnect'

/** How long a silent reconnect waits for a wallet adapter still looking for its wallet. */
const READY_WAIT_MS = 3000
const ICON = /^(data:image\/(svg\+xml|webp|png|gif|jpeg);base64,|https:\/\/)/

interface Session {
  adapter: TronWalletAdapter
  network: Network
  off(): void
}

export type TronChainAdapter = Omit<ChainAdapter, 'getProvider' | 'walletConnectProvider'> & {
  getProvider(connectorId: string): TronConnector | undefined
  walletConnectProvider(provider: unknown, state: SessionState): TronConnector
}

/**
 * Some wallets inject window.tronLink to pass for TronLink (AppKit's TronConnectUtil): a TronLink
 * adapter counts only with TronLink's own marker or a compatible wallet that says it is ready.
 */
function isGenuine(adapter: TronWalletAdapter): boolean {
  if (adapter.name !== 'TronLink') return true
  const w = globalThis as { tron?: { isTronLink?: unknown }; tronLink?: { ready?: unknown } }
  return w.tron?.isTronLink === true || w.tronLink?.ready === true
}

const found = (adapter: TronWalletAdapter) => adapter.readyState === 'Found' && isGenuine(adapter)

/** Resolves when the adapter has finished looking for its wallet (or the wait ends). */
function whenReady(adapter: TronWalletAdapter): Promise<void> {
  if (adapter.readyState !== 'Loading') return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      adapter.removeListener?.('readyStateChanged', done as never)
      resolve()
    }
    const timer = setTimeout(done, READY_WAIT_MS)
    adapter.on('readyStateChanged', done as never)
  })
}

/**
 * The TRON adapter: the site's wallet adapters (@tronweb3/tronwallet-adapters) as connectors once
 * each finds its wallet, connect and silent reconnect, the wallet's own account changes, balances
 * (TRX and TRC-20) and transfers through the network's node (TRON's HTTP API).
 */
export function createTronAdapter(walletAdapters: readonly TronWalletAdapter[]): TronChainAdapter {
  let context: AdapterContext | undefined
  const sessions = new Map<string, Session>()
  const providers = new Map<string, TronConnector>()
  const walletConnectConnectors = new WeakMap<object, TronConnector>()
  const listed = new Set<TronWalletAdapter>()

  const tronNetworks = () => (context?.networks ?? []).filter((n) => n.chainNamespace === 'tron')
  const urls = (network: Network) => {
    const list = context?.rpcUrls?.(network) ?? [context?.rpcUrl(network) ?? '']
    return list.filter(Boolean).length ? list.filter(Boolean) : [...network.rpcUrls.default.http]
  }
  const apiFor = (network: Network) => tronApi(urls(network))
  const adapterFor = (id: string) => walletAdapters.find((a) => a.name === id)

  const connectorOf = (adapter: TronWalletAdapter): Connector => ({
    id: adapter.name,
    uid: `tron:${adapter.name}`,
    name: adapter.name,
    type: 'INJECTED',
    chain: 'tron',
    chains: ['tron'],
    imageUrl: typeof adapter.icon === 'string' && ICON.test(adapter.icon) ? adapter.icon : undefined,
    installed: true,
  })
  const publish = () => {
    const excluded = new Set((context?.settings.excluded ?? []).map((s) => s.toLowerCase()))
    context?.setConnectors([...listed].filter((a) => !excluded.has(a.name.toLowerCase())).map(connectorOf))
  }

  const end = (id: string) => {
    sessions.get(id)?.off()
    sessions.delete(id)
  }

  /** The wallet's own account changes and disconnects, while the session lasts. */
  const begin = (id: string, adapter: TronWalletAdapter, address: string, network: Network): ConnectResult => {
    end(id)
    const onAccounts = (next: unknown) => {
      if (sessions.get(id)?.adapter !== adapter) return
      if (isTronAddress(next)) return context?.onAccountChanged({ connectorId: id, address: next })
      end(id)
      context?.onDisconnected(id)
    }
    const onDisconnect = () => {
      if (sessions.get(id)?.adapter !== adapter) return
      end(id)
      context?.onDisconnected(id)
    }
    adapter.on('accountsChanged', onAccounts as never)
    adapter.on('disconnect', onDisconnect as never)
    sessions.set(id, {
      adapter,
      network,
      off: () => {
        adapter.removeListener?.('accountsChanged', onAccounts as never)
        adapter.removeListener?.('disconnect', onDisconnect as never)
      },
    })
    return { address, chainId: network.id, accounts: [{ address, type: 'eoa' }] }
  }

  return {
    namespace: 'tron',
    setup(ctx) {
      context = ctx
      for (const adapter of walletAdapters) {
        if (found(adapter)) listed.add(adapter)
        else if (adapter.readyState === 'Loading') {
          const onReady = (state: unknown) => {
            if (state !== 'Found' || !isGenuine(adapter)) return
            adapter.removeListener?.('readyStateChanged', onReady as never)
            listed.add(adapter)
            publish()
          }
          adapter.on('readyStateChanged', onReady as never)
        }
      }
      publish()
    },
    async connect(id, network) {
      const adapter = adapterFor(id)
      if (!adapter || !listed.has(adapter)) throw new PosternError('Connector not found', 'PROVIDER_NOT_FOUND')
      const address = await this.getProvider(id)!.connect()
      return begin(id, adapter, address, network)
    },
    async reconnect(id, network) {
      const adapter = adapterFor(id)
      if (!adapter) return undefined
      await whenReady(adapter)
      if (!found(adapter)) return undefined
      listed.add(adapter)
      // Silent: only an address the wallet already gives this site, never a prompt.
      return isTronAddress(adapter.address) ? begin(id, adapter, adapter.address, network) : undefined
    },
    async disconnect(id) {
      const adapter = sessions.get(id)?.adapter ?? adapterFor(id)
      end(id)
      await adapter?.disconnect().catch(() => undefined)
    },
    async switchNetwork(id, network) {
      const session = sessions.get(id)
      if (session) session.network = network
    },
    async getBalance(address, network, token) {
      const api = apiFor(network)
      if (token && isTronAddress(token)) {
        const { amount, decimals, symbol } = await trc20Balance(api, address, token)
        return { balance: formatUnits(amount, decimals), symbol }
      }
      return { balance: formatUnits(await api.balance(address), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },
    /** AppKit's getWalletConnectProvider: its TronWalletConnectConnector over the session (one per provider). */
    walletConnectProvider(provider, state) {
      let connector = walletConnectConnectors.get(provider as object)
      if (!connector) walletConnectConnectors.set(provider as object, (connector = createTronWalletConnectConnector(provider as SessionProvider, state, urls)))
      return connector
    },
    getProvider(id) {
      const adapter = adapterFor(id)
      if (!adapter) return undefined
      let provider = providers.get(id)
      if (!provider) {
        provider = createTronConnector(adapter, {
          networks: tronNetworks,
          api: () => {
            const network = sessions.get(id)?.network ?? tronNetworks()[0]
            if (!network) throw new PosternError('No TRON network is configured', 'NO_NETWORK')
            return apiFor(network)
          },
        })
        providers.set(id, provider)
      }
      return provider
    },
  }
}
