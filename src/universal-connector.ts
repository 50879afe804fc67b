// postern/universal-connector: AppKit 1.8's @reown/appkit-universal-connector under its name. A
// WalletConnect universal provider for the chains a site names (TON, Sui, Stacks, polkadot,
// cosmos...), with the modal showing its QR code and deep links (postern/core with
// `universalProvider` and `manualWCControl`). The provider's code arrives with the modal's
// WalletConnect chunk, on init: the entry itself stays small.
import { createAppKit } from './core'
import { loadWalletConnect } from './chunks'
import type { AppKit } from './kit'
import type { AppKitOptions } from './signals/options'
import type { CustomCaipNetwork } from './appkit-types'
import type { Provider } from './lazy/walletconnect/provider'
import type { ConnectParams, NamespaceConfig, RequestArguments, UniversalProviderOpts } from '@walletconnect/universal-provider'

export type { CaipNetwork, CustomCaipNetwork } from './appkit-types'

type Session = NonNullable<Provider['session']>

/** AppKit's Metadata: the site as wallets show it. */
export interface Metadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** One namespace the site asks the wallet for: AppKit's ExtendedNamespaces. */
export interface ExtendedNamespace {
  namespace: string
  chains: CustomCaipNetwork[]
  methods: string[]
  events: string[]
}

/** AppKit's UniversalConnectorConfig. */
export interface Config {
  projectId: string
  metadata: Metadata
  networks: ExtendedNamespace[]
  modalConfig?: Omit<AppKitOptions, 'networks' | 'projectId' | 'metadata' | 'universalProvider' | 'manualWCControl'>
  providerConfig?: Omit<UniversalProviderOpts, 'projectId' | 'metadata'>
}
export type { Config as UniversalConnectorConfig }

/** What connect() asks for: each namespace's methods, events and chains (CAIP-2 ids), as AppKit builds it. */
export function namespacesOf(networks: readonly ExtendedNamespace[]): NamespaceConfig {
  return networks.reduce<NamespaceConfig>((acc, namespace) => {
    acc[namespace.namespace] = {
      ...namespace,
      methods: namespace.methods ?? [],
      events: namespace.events ?? [],
      chains: namespace.chains?.map((chain) => chain.caipNetworkId) ?? [],
    } as NamespaceConfig[string]
    return acc
  }, {})
}

export class UniversalConnector {
  private appKit: AppKit
  private config: Config
  public provider: Provider

  constructor({ appKit, provider, config }: { appKit: AppKit; provider: Provider; config: Config }) {
    this.appKit = appKit
    this.provider = provider
    this.config = config
  }

  /** Starts the provider (a stored session comes back with it) and the modal that shows its pairings. */
  public static async init(config: Config): Promise<UniversalConnector> {
    const walletConnect = await loadWalletConnect()
    const provider = await walletConnect.initUniversalProvider({
      ...(config.providerConfig ?? {}),
      projectId: config.projectId,
      metadata: config.metadata,
    })
    const relayUrl = config.modalConfig?.relayUrl ?? config.providerConfig?.relayUrl
    const appKit = createAppKit({
      ...(config.modalConfig ?? {}),
      ...(relayUrl && { relayUrl }),
      networks: config.networks.flatMap((namespace) => namespace.chains),
      projectId: config.projectId,
      metadata: config.metadata,
      universalProvider: provider,
      manualWCControl: true,
    })
    // The modal follows the provider from now on: the URIs it announces and the sessions it makes.
    await appKit.getUniversalProvider()
    return new UniversalConnector({ appKit, provider, config })
  }

  /** Opens the modal, asks the wallet for the configured namespaces and closes it again. */
  async connect(params?: Omit<ConnectParams, 'optionalNamespaces'>): Promise<{ session: Session }> {
    const namespaces = namespacesOf(this.config.networks)
    try {
      await this.appKit.open()
      const session = await this.provider.connect({ ...(params ?? {}), optionalNamespaces: namespaces })
      if (!session) throw new Error('Error connecting to wallet: No session found')
      await this.appKit.close()
      return { session }
    } catch (error) {
      await this.appKit.close()
      throw new Error(`Error connecting to wallet: ${error instanceof Error ? error.message : 'Unknown error'}`)
    }
  }

  /** Ends the session (the modal's state and the provider's); with none left, nothing to do. */
  async disconnect(): Promise<void> {
    await this.appKit.disconnect()
    if (this.provider.session) await this.provider.disconnect()
  }

  async request(params: RequestArguments, chain: string): Promise<unknown> {
    return await this.provider.request(params, chain)
  }
}
