import {
  connect,
  createConfig,
  disconnect,
  fallback,
  getAccount,
  getBalance,
  getConnections,
  http,
  injected,
  reconnect,
  switchChain,
  watchAccount,
  watchConnectors,
  type Config,
  type Connector as WagmiConnector,
  type CreateConfigParameters,
  type CreateConnectorFn,
  type Transport,
} from '@wagmi/core'
// Postern's own (exact, a few lines): importing viem's here would put viem's shared chunks in this
// entry's first load, where a wagmi site already has its own viem.
import { formatUnits } from '../utils/units'
import type { AdapterContext, ChainAdapter, ConnectResult, Network } from '../types'
import { PosternError, USER_REJECTED } from '../utils/errors'
import { rpcTransport } from '../utils/rpc'
import { modalConnectors } from './connectors'
import { AUTH, followSession, modalWalletConnect, WALLET_CONNECT_ID } from './walletconnect'
import { authConnector, hasAuthConnector } from './auth'
import { getCurrentInstance } from '../instance'

type Chain = CreateConfigParameters['chains'][number]

/** AppKit's CustomRpcUrlMap: CAIP network id → RPC endpoints, the first one used. */
export type CustomRpcUrlMap = Record<string, { url: string }[]>

/** AppKit 1.8's WagmiAdapter parameters: wagmi's createConfig options, with `networks` for `chains`. */
export type WagmiAdapterConfig = Partial<Omit<CreateConfigParameters, 'chains' | 'client'>> & {
  networks: Network[]
  projectId: string
  customRpcUrls?: CustomRpcUrlMap
  pendingTransactionsFilter?: { enable: boolean; pollingInterval?: number }
}

const code = (error: unknown) => (error as { code?: unknown } | undefined)?.code

/**
 * AppKit's WagmiAdapter under its name: `wagmiConfig` is a real wagmi config for wagmi's own
 * WagmiProvider, hooks and actions, and the modal connects, switches and disconnects through it,
 * so both always see the same connection. A connection or a wallet change made through wagmi
 * reaches the modal.
 */
export class WagmiAdapter implements ChainAdapter {
  readonly namespace = 'eip155' as const
  readonly adapterType = 'wagmi'
  readonly projectId: string
  readonly networks: Network[]
  readonly wagmiChains: readonly [Chain, ...Chain[]] | undefined
  readonly wagmiConfig: Config
  private context: AdapterContext | undefined
  private readonly providers = new Map<string, unknown>()
  /** While the modal itself connects through wagmi: wagmi's 'connected' is then the modal's own. */
  private readonly busy = { count: 0 }

  constructor(params: WagmiAdapterConfig) {
    const { networks, projectId, customRpcUrls, pendingTransactionsFilter: _p, ...wagmiOptions } = params
    if (!Array.isArray(networks)) throw new PosternError('WagmiAdapter: networks must be an array of networks', 'INVALID_OPTION')
    this.projectId = projectId
    this.networks = networks
    const chains = networks.filter((n) => (n.chainNamespace ?? 'eip155') === 'eip155' && typeof n.id === 'number') as unknown as Chain[]
    if (!chains.length) throw new PosternError('WagmiAdapter: networks must include an EVM network', 'INVALID_OPTION')
    this.wagmiChains = chains as [Chain, ...Chain[]]
    const transports: Record<number, Transport> = {}
    for (const chain of chains) {
      // The site's custom endpoints, then the chain's own: wagmi's reads fall back across them all.
      const urls = [...new Set([...(customRpcUrls?.[`eip155:${chain.id}`]?.map((c) => c.url) ?? []), ...chain.rpcUrls.default.http])]
      transports[chain.id] = wagmiOptions.transports?.[chain.id] ?? rpcTransport({ http, fallback }, urls)
    }
    const connectors: CreateConnectorFn[] = [...(wagmiOptions.connectors ?? [])]
    // window.ethereum as one more connector, as AppKit adds it (wagmi finds EIP-6963 wallets itself).
    if (!connectors.some((c) => (c as { type?: string }).type === 'injected' && !('target' in c))) connectors.push(injected({ shimDisconnect: true }))
    // The modal's WalletConnect session, as AppKit's adapter adds its walletConnect connector.
    connectors.push(modalWalletConnect(getCurrentInstance))
    // The embedded wallet's login as wagmi's connection (wagmi's hooks sign with it), as AppKit's
    // adapter adds its authConnector with e-mail on (its default) unless the site gave its own.
    if (!hasAuthConnector(connectors)) connectors.push(authConnector({ options: { projectId: '' } }))
    this.wagmiConfig = createConfig({ ...wagmiOptions, chains: this.wagmiChains, connectors, transports } as CreateConfigParameters)
  }

  setup(context: AdapterContext) {
    this.context = context
    const publish = async (connectors: readonly WagmiConnector[]) => {
      await Promise.all(connectors.map(async (c) => this.providers.set(c.id, await c.getProvider().catch(() => undefined))))
      context.setConnectors(modalConnectors(connectors, this.providers, context.settings))
    }
    watchConnectors(this.wagmiConfig, { onChange: (list) => void publish(list) })
    const kit = getCurrentInstance()
    if (kit) followSession(kit, this.wagmiConfig, this.busy)
    // The site's authConnector (AppKit's): the embedded wallet's login is wagmi's too.
    if (kit) followSession(kit, this.wagmiConfig, this.busy, AUTH)
    void publish(this.wagmiConfig.connectors)
    // What wagmi's own hooks do (switchChain, disconnect, a wallet's events) reaches the modal.
    watchAccount(this.wagmiConfig, {
      onChange: (now, before) => {
        const id = before.connector?.id
        // The modal's WalletConnect and embedded wallet drivers already follow their own connections.
        if ([WALLET_CONNECT_ID, AUTH.id].includes((now.connector ?? before.connector)?.id ?? '')) return
        if (now.status === 'disconnected' && id && before.status === 'connected') return context.onDisconnected(id)
        if (now.status !== 'connected') return
        if (before.status !== 'connected' && !this.busy.count) {
          // A connection made through wagmi itself (useConnect, reconnect on mount): the modal takes it up.
          return void this.session(now.connector, now.addresses, now.chainId)
            .then((result) => context.onConnected?.({ ...result, connectorId: now.connector.id }), () => undefined)
        }
        if (now.address !== before.address || now.chainId !== before.chainId) {
          context.onAccountChanged({ connectorId: now.connector.id, address: now.address, chainId: now.chainId })
        }
      },
    })
  }

  async connect(id: string, _network: Network): Promise<ConnectResult> {
    const connector = this.connector(id)
    const existing = getConnections(this.wagmiConfig).find((c) => c.connector.uid === connector.uid)
    // wagmi's connectors throw viem's UserRejectedRequestError (code 4001) for a refusal: kept as is.
    this.busy.count++
    try {
      const result = existing ?? (await connect(this.wagmiConfig, { connector }))
      return await this.session(connector, result.accounts, result.chainId)
    } finally {
      this.busy.count--
    }
  }

  async reconnect(id: string): Promise<ConnectResult | undefined> {
    const connector = this.wagmiConfig.connectors.find((c) => c.id === id)
    if (!connector) return undefined
    this.busy.count++
    try {
      const [connection] = await reconnect(this.wagmiConfig, { connectors: [connector] })
      return connection?.accounts.length ? await this.session(connector, connection.accounts, connection.chainId) : undefined
    } finally {
      this.busy.count--
    }
  }

  async disconnect(id: string) {
    const connector = this.wagmiConfig.connectors.find((c) => c.id === id)
    if (connector) await disconnect(this.wagmiConfig, { connector }).catch(() => undefined)
  }

  async switchNetwork(id: string, network: Network) {
    const chainId = Number(network.id)
    try {
      await switchChain(this.wagmiConfig, { chainId, connector: this.connector(id) })
    } catch (error) {
      if (code(error) === USER_REJECTED) throw error
      throw new PosternError('Chain is not supported', 'UNSUPPORTED_CHAIN', { cause: error })
    }
  }

  async getBalance(address: string, network: Network, token?: string) {
    const chainId = Number(network.id)
    const configured = this.wagmiConfig.chains.some((c) => c.id === chainId)
    if (token || !configured) {
      const evm = await import('../lazy/evm/index')
      const urls = [...new Set([...(this.context?.rpcUrls?.(network) ?? [this.context?.rpcUrl(network)]), ...network.rpcUrls.default.http].filter((u): u is string => !!u))]
      return token ? evm.getTokenBalance(urls, network, address, token) : evm.getNativeBalance(urls, network, address)
    }
    const { value, decimals, symbol } = await getBalance(this.wagmiConfig, { address: address as `0x${string}`, chainId })
    return { balance: formatUnits(value, decimals), symbol }
  }

  getProvider(id: string) {
    return this.providers.get(id)
  }

  /** AppKit's getWagmiConnector: the wagmi connector behind a modal connector id. */
  getWagmiConnector(id: string) {
    return this.wagmiConfig.connectors.find((c) => c.id === id)
  }

  private connector(id: string) {
    const connector = this.getWagmiConnector(id)
    if (!connector) throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    return connector
  }

  private async session(connector: WagmiConnector, accounts: readonly string[], chainId: number): Promise<ConnectResult> {
    if (!accounts.length) throw new PosternError('No account found', 'NO_ACCOUNT')
    this.providers.set(connector.id, await connector.getProvider().catch(() => this.providers.get(connector.id)))
    return { address: accounts[0]!, chainId, accounts: accounts.map((address) => ({ address, type: 'eoa' as const })) }
  }

  /** wagmi's account as AppKit's adapter reads it, for sites that ask the adapter directly. */
  getAccount() {
    return getAccount(this.wagmiConfig)
  }
}

