import type { Store } from '../../signals/store'
import { walletConnectState } from '../../signals/walletconnect-pairing'
import { WALLET_CONNECT_ID } from '../../signals/walletconnect'
import { beginPairing, setPairingUri } from './session'
import type { Provider } from './provider'

// AppKit's manualWCControl: the site's own code calls the universal provider's connect() (as
// @reown/appkit-universal-connector and AppKit's core examples do, with the namespaces they
// choose). The modal only shows the URI that provider announces (or that open({ uri }) hands
// it) and takes up the session the site's connect() makes.

type Session = NonNullable<Provider['session']>

/** Shows the site's pairing URI; a malformed one is ignored (the QR keeps waiting). */
export function showSiteUri(store: Store, uri: unknown, lifetimeMs: number): void {
  if (typeof uri !== 'string') return
  const wc = walletConnectState(store)
  if (wc.uri.peek() === uri) return
  if (wc.status.peek() !== 'pairing') beginPairing(store)
  setPairingUri(store, uri, lifetimeMs)
}

/**
 * Follows the site's provider: each URI it announces is shown, each session its connect() makes
 * is taken up (`finish`), a later one too (`update`: the site connected again).
 */
export function followSiteConnect(
  store: Store,
  provider: Provider,
  lifetimeMs: () => number,
  finish: (session: Session) => void,
  update: () => void,
): void {
  provider.on('display_uri', (uri: unknown) => showSiteUri(store, uri, lifetimeMs()))
  provider.on('connect', () => {
    const session = provider.session
    if (!session) return
    const wc = walletConnectState(store)
    if (wc.status.peek() === 'connected' && store.drivers.has(WALLET_CONNECT_ID)) update()
    else finish(session)
  })
}
