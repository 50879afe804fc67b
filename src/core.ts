// postern/core: AppKit 1.8's @reown/appkit/core under its name. Adapter-less: the modal connects
// through WalletConnect, over the site's own @walletconnect/universal-provider when it passes one
// as `universalProvider` (else the modal's own), and getProvider(namespace) is that provider.
import { createAppKit as createInstance } from './index'
import type { AppKitOptions } from './signals/options'
import type { AppKit as AppKitInstance } from './kit'

export type * from './appkit-types'
export type { AppKitOptions } from './signals/options'

/** AppKit's createAppKit of @reown/appkit/core: adapters are optional (none by default). */
export function createAppKit(options: AppKitOptions): AppKitInstance {
  return createInstance({ ...options, adapters: options.adapters ?? [] })
}

/** AppKit's AppKit class: `new AppKit(options)` is createAppKit(options); as a type, an instance. */
export const AppKit = function AppKit(options: AppKitOptions) {
  return createAppKit(options)
} as unknown as new (options: AppKitOptions) => AppKitInstance
export type AppKit = AppKitInstance
