// postern/react-core: AppKit 1.8's @reown/appkit/react-core under its name: the adapter-less
// createAppKit (postern/core) and the React hooks, which read whichever instance is current (one
// made through postern/react serves them as well).
import { createAppKit as createCore } from './core'
import { currentInstance } from './instance'
import type { AppKit as AppKitInstance } from './kit'

export {
  useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitNetworkCore, useAppKitState, useAppKitTheme, useAppKitEvents,
  useDisconnect, useWalletInfo, useAppKitProvider, useAppKitConnections, useAppKitConnection, useAppKitWallets,
} from './react'
export type { AppKitConnection, WalletItem } from './react'
export type * from './appkit-types'
export type { AppKitElements } from './react/jsx'
export type { AppKitOptions } from './signals/options'
export { AppKit } from './core'

/** AppKit's `modal`: the instance this entry's createAppKit made. */
export let modal: AppKitInstance | undefined

/** AppKit's react-core createAppKit: one instance; a second call returns the first. */
export function createAppKit(options: Parameters<typeof createCore>[0]): AppKitInstance {
  modal ??= createCore(options)
  return modal
}

/** AppKit's getAppKit: the hooks read this instance from now on. */
export function getAppKit(kit: AppKitInstance): void {
  if (kit) currentInstance().value = kit
}
