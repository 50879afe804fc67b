import type { FunctionComponent } from 'preact'
import type { Store } from '../signals/store'
import type { Route, ViewName } from '../signals/modal'
import { Connect } from './Connect'
import { loadAccountViews, loadAllWallets, loadConnectingExternal, loadWalletConnectViews } from '../lazy-chunks'

export interface ViewProps {
  store: Store
  route: Route
}

/** A view is in the modal chunk (component) or in its own chunk, fetched on first visit (load). */
export type ViewEntry = { title: (props: ViewProps) => string } & (
  | { component: FunctionComponent<ViewProps>; load?: undefined }
  | { load: () => Promise<FunctionComponent<ViewProps>>; component?: undefined }
)

/** Connect is in the modal chunk; every other view arrives in its own chunk on first visit. */
export const VIEWS: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: () => 'Connect Wallet', component: Connect },
  Account: { title: () => 'Account', load: () => loadAccountViews().then((m) => m.Account) },
  Networks: { title: () => 'Choose Network', load: () => loadAccountViews().then((m) => m.Networks) },
  ConnectingExternal: { title: ({ route }) => String(route.data?.name ?? 'Connecting'), load: () => loadConnectingExternal().then((m) => m.ConnectingExternal) },
  UnsupportedChain: { title: () => 'Switch Network', load: () => loadAccountViews().then((m) => m.UnsupportedChain) },
  AllWallets: { title: () => 'All Wallets', load: () => loadAllWallets().then((m) => m.AllWallets) },
  ConnectingWalletConnectBasic: { title: () => 'WalletConnect', load: () => loadWalletConnectViews().then((m) => m.ConnectingWalletConnectBasic) },
  ConnectingWalletConnect: { title: ({ route }) => String(route.data?.name ?? 'WalletConnect'), load: () => loadWalletConnectViews().then((m) => m.ConnectingWalletConnect) },
}
