import type { Signal } from '@preact/signals-core'
import type { CatalogueWallet } from '../types'

// The WalletConnect slice's types. Its signals, the connector and the URI and link helpers are
// in walletconnect-pairing.ts; pairing and session transitions in lazy/walletconnect; the
// loader's part (connector listed, session restored on load) in walletconnect-restore.ts.

export const WALLET_CONNECT_ID = 'walletConnect'

/**
 * idle: nothing asked; pairing: a URI is being fetched or shown; rejected, expired, error: the
 * retry states; connected: the wallet approved.
 */
export type PairingStatus = 'idle' | 'pairing' | 'rejected' | 'expired' | 'error' | 'connected'

/** A wallet link as remembered: the wallet's name and the base of its deep link. */
export interface WalletLink {
  name: string
  href: string
}

/** The WalletConnect slice of an instance's state (created on first use: walletConnectState). */
export interface WalletConnectState {
  uri: Signal<string | undefined>
  /** When the shown URI stops being usable (ms since epoch). */
  expiresAt: Signal<number | undefined>
  status: Signal<PairingStatus>
  error: Signal<string | undefined>
  /** The wallet link opened for this pairing (mobile deep link, desktop or web app). */
  linking: Signal<WalletLink | undefined>
  /** The catalogue wallet this pairing is for, if one was chosen. */
  recentWallet: Signal<CatalogueWallet | undefined>
  /** The session request the wallet is being asked to approve, while it is asked. */
  pendingRequest: Signal<string | undefined>
  /** Bumped by every new pairing attempt and by reset: older attempts then stay silent. */
  attempt: { value: number }
}
