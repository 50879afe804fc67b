// postern/vue: AppKit 1.8's @reown/appkit/vue composables on the site's own Vue 3 (an optional
// peer dependency). The modal itself is always Postern's own, in its shadow root.
import './vue/elements'

export { createAppKit } from './index'
export {
  useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitState, useAppKitTheme, useAppKitEvents,
  useDisconnect, useWalletInfo, useAppKitProvider, useAppKitBalance,
} from './vue/composables'
export { useAppKitConnections, useAppKitConnection } from './vue/connections'
export type { UseAppKitNetworkReturn } from './vue/composables'
export type { UseAppKitConnectionReturn } from './vue/connections'
export type { AppKitConnection } from './kit/connections'
export type { BalanceResult } from './kit/balance'
export type { AppKitOptions } from './signals/options'
export type { AppKit, AppKitState, AccountSnapshot as UseAppKitAccountReturn } from './kit'
export type { ThemeMode, ThemeVariables } from './signals/theme'
export type { CaipAddress, CaipNetworkId, ChainNamespace, ConnectorType, Network } from './types'
export type { ModalEvent } from './signals/events'
