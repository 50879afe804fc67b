import type { ResolvedOptions } from './options'
import type { ChainAdapter } from '../adapters/types'
import type { OpenArgs } from './modal'
import type { WalletConnectState } from './walletconnect'
import { createModalState } from './modal'
import { createAccountState } from './account'
import { createNetworkState } from './network'
import { createConnectionState } from './connection'
import { createToastState } from './toast'
import { createThemeState } from './theme'
import { createEventsState } from './events'
import { createWalletsState } from './wallets'

/** All state of one createAppKit instance; nothing lives at module level. */
export function createStore(options: ResolvedOptions) {
  return {
    options,
    modal: createModalState(),
    accounts: createAccountState(),
    network: createNetworkState(options),
    connection: createConnectionState(),
    toast: createToastState(),
    theme: createThemeState(options),
    events: createEventsState(),
    wallets: createWalletsState(),
    /** The WalletConnect slice, created on first use (walletConnectState in walletconnect-pairing.ts). */
    walletConnect: undefined as WalletConnectState | undefined,
    /** Connection drivers keyed by connector id, ahead of the namespace adapters (see driverFor). */
    drivers: new Map<string, ChainAdapter>(),
    /** Set by the instance: lets actions open the modal (which loads its chunk). */
    ui: {} as { open?: (args: OpenArgs) => Promise<void> },
  }
}

export type Store = ReturnType<typeof createStore>
