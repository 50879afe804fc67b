import type { ViewProps } from './view-props'
import { PairingPanel, usePairing } from './ConnectingWalletConnect'

// The WalletConnect views' chunk (loadWalletConnectViews): both views, one fetch.
export { ConnectingWalletConnect } from './ConnectingWalletConnect'

/** WalletConnect for any wallet: the QR code on desktop (SPEC rule 3 opens it with no adapters). */
export function ConnectingWalletConnectBasic({ store }: ViewProps) {
  const retry = usePairing(store)
  return <PairingPanel store={store} retry={retry} />
}
