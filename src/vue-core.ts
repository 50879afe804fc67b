// postern/vue-core: AppKit 1.8's @reown/appkit/vue-core. AppKit's adapter-less createAppKit is
// Postern's own with no adapters (WalletConnect, or the site's universalProvider).
export {
  createAppKit, useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitState, useAppKitTheme, useAppKitEvents,
  useDisconnect, useWalletInfo, useAppKitProvider, useAppKitConnections, useAppKitConnection,
} from './vue'
export type * from './vue'
