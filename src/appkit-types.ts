// The type names AppKit 1.8's entries export (from @reown/appkit-common and
// @reown/appkit-controllers) that a site names in its own code, over Postern's shapes. Types only.
import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from './types'
import type { ThemeMode, ThemeVariables } from './signals/theme'
import type { OpenArgs, ViewName } from './signals/modal'
import type { AccountType as PreferredAccountType, EmbeddedWalletInfo } from './signals/account'
import type { AppKitOptions } from './signals/options'

export type { CaipAddress, CaipNetworkId, ChainNamespace, ConnectorType, Connector } from './types'
export type { SIWXConfig, SIWXMessage, SIWXSession } from './types'
export type { ThemeMode, ThemeVariables } from './signals/theme'
export type { SocialProvider, ConnectMethod, ConnectorTypeOrder, WalletFeature, Features } from './signals/options'
export type { EmbeddedWalletInfo } from './signals/account'

/** AppKit's CaipNetwork: a network with its namespace and CAIP-2 id (every postern/networks export is one). */
export type CaipNetwork = Network
/** AppKit's AppKitNetwork: what createAppKit's and the adapters' `networks` take. */
export type AppKitNetwork = Network
/** AppKit's CustomCaipNetwork: a network of namespace N. */
export type CustomCaipNetwork<N extends string = ChainNamespace> = Omit<Network, 'chainNamespace' | 'caipNetworkId'> & {
  chainNamespace: N
  caipNetworkId: `${N}:${string}`
}
/** AppKit's InferredCaipNetwork: the CustomCaipNetwork of a network's own namespace. */
export type InferredCaipNetwork<T extends { chainNamespace: string } = { chainNamespace: string }> = T extends { chainNamespace: infer N extends string }
  ? CustomCaipNetwork<N>
  : CustomCaipNetwork
export type ChainId = string | number

/** AppKit's CreateAppKit: createAppKit's argument. */
export type CreateAppKit = AppKitOptions
export type Metadata = NonNullable<AppKitOptions['metadata']>
export type OpenOptions = OpenArgs
export type Views = ViewName

/** AppKit's RequestArguments and Provider: what `useAppKitProvider<Provider>(namespace).walletProvider` offers. */
export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}
export interface Provider {
  connect: (params?: { onUri?: (uri: string) => void }) => Promise<string>
  disconnect: () => Promise<void>
  request: <T>(args: RequestArguments) => Promise<T>
  on(event: string, listener: (data: never) => void): void
  removeListener: <T>(event: string, listener: (data: T) => void) => void
  emit: (event: string, data?: unknown) => void
}

/** An entry of useAppKitAccount().allAccounts (AppKit's AccountType). */
export interface AccountType {
  namespace?: ChainNamespace
  address: string
  type?: PreferredAccountType | 'payment' | 'ordinal' | 'stx'
  publicKey?: string
  path?: string
}

/** AppKit's UseAppKitAccountReturn. */
export interface UseAppKitAccountReturn {
  allAccounts: AccountType[]
  caipAddress?: CaipAddress | string
  address?: string
  isConnected: boolean
  embeddedWalletInfo?: EmbeddedWalletInfo
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
}

/** AppKit's UseAppKitNetworkReturn. */
export interface UseAppKitNetworkReturn {
  caipNetwork: CaipNetwork | undefined
  chainId: number | string | undefined
  caipNetworkId: CaipNetworkId | string | undefined
  approvedCaipNetworkIds?: string[]
  supportsAllNetworks?: boolean
  switchNetwork: (network: AppKitNetwork) => Promise<void>
}

/** AppKit's ConnectedWalletInfo. */
export type ConnectedWalletInfo = { name: string; icon?: string; type?: string; [key: string]: unknown }
