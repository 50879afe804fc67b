// postern/siwe: AppKit 1.8's legacy @reown/appkit-siwe under its name. createSIWEConfig's result is
// createAppKit's `siweConfig`, which the modal drives through SIWX (signals/siwe-map.ts).
export { createSIWEConfig, formatMessage } from './siwx/siwe'
export type { SIWECreateClientArgs, SIWEClientMethods, SIWEConfig, SIWECreateMessageArgs, SIWEMessageArgs, SIWESession, SIWEVerifyMessageArgs } from './siwx/siwe'
export type { SIWEConfig as AppKitSIWEClient } from './siwx/siwe'
export { getAddressFromMessage, getChainIdFromMessage, getDidAddress, getDidChainId, verifySignature } from './siwx/siwe-helpers'

import type { SIWEConfig } from './siwx/siwe'
import type { SIWXConfig } from './types'
import { mapToSIWX as mapWithChain } from './signals/siwe-map'
import { getCurrentInstance } from './instance'

/** AppKit's mapToSIWX: the legacy config as a SIWX config, following the current instance's network. */
export function mapToSIWX(siwe: SIWEConfig): SIWXConfig {
  return mapWithChain(siwe, () => getCurrentInstance()?.store.network.activeCaipNetworkId.peek())
}
