import { signal } from '@preact/signals-core'
import type { ResolvedOptions } from './options'
import type { CatalogueWallet, ChainAdapter, ChainNamespace } from '../types'
import type { ModalStore, OpenArgs, openModal } from './modal'
import type { WalletConnectState } from './walletconnect'
import { createModalState } from './modal-state'
import { createAccountState } from './account'
import { createNetworkState } from './network'
import { createConnectionState } from './connection'
import { createToastState } from './toast'
import { createThemeState } from './theme'
import { createEventsState } from './events'
import { createWalletsState } from './wallets'

/**
 * The WalletConnect chunk (lazy/walletconnect) as the views and the restore on load use it.
 * The wiring in index.ts registers its loader, so no view or signal imports the chunk itself.
 */
export interface WalletConnectChunk {
  startPairing(store: Store, opts?: { wallet?: CatalogueWallet; reuse?: boolean }): Promise<void>
  /** manualWCControl: the site pairs; the modal shows its URI (open({ uri })) and takes up its session. */
  followSitePairing(store: Store, uri?: string): Promise<void>
  cancelPairing(store: Store, opts?: { keepPending?: boolean }): void
  restoreSession(store: Store, namespaces?: readonly ChainNamespace[]): Promise<boolean>
  /** The universal provider, created on first ask (AppKit's getUniversalProvider). */
  providerFor(store: Store): Promise<unknown>
}

/** The embedded wallet's chunk (lazy/embedded/driver): its frame, AUTH connector and driver. */
export interface EmbeddedChunk {
  embeddedFor(store: Store): unknown
}

/** Chunks that actions fetch on demand, registered by the wiring (index.ts). */
export interface ChunkLoaders {
  walletConnect?: () => Promise<WalletConnectChunk>
  embedded?: () => Promise<EmbeddedChunk>
}

/** All state of one createAppKit instance; nothing lives at module level. */
export function createStore(options: ResolvedOptions, chunks: ChunkLoaders = {}) {
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
    chunks,
    /** AppKit's remote features (getRemoteFeatures): from the options, then from the API's /appkit/v1/config (remote-config.ts). */
    remoteFeatures: signal<Record<string, unknown>>({
      email: options.features.email, socials: options.features.socials, activity: options.features.history,
      reownBranding: options.features.reownBranding, headless: options.features.headless, multiWallet: false,
    }),
    /** Set by the instance: lets actions open the modal (which loads its chunk); relocale, by the mounted modal. */
    ui: {} as {
      open?: (args: OpenArgs) => Promise<void>; start?: () => Promise<unknown>; mount?: () => Promise<unknown>; runtime?: object; actions?: object
      mounting?: Promise<{ openModal: typeof openModal; mountModal(store: ModalStore): Promise<unknown> }>; shown?: Promise<unknown>; relocale?: (locale?: string) => void
    },
  }
}

export type Store = ReturnType<typeof createStore>
