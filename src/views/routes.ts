import type { FunctionComponent } from 'preact'
import type { Store } from '../signals/store'
import type { Route, ViewName } from '../signals/modal'
import { Connect } from './Connect'
import { Account } from './Account'
import { Networks } from './Networks'
import { ConnectingExternal } from './ConnectingExternal'
import { UnsupportedChain } from './UnsupportedChain'
import { loadAllWallets } from '../chunks'

export interface ViewProps {
  store: Store
  route: Route
}

/** A view is in the modal chunk (component) or in its own chunk, fetched on first visit (load). */
export type ViewEntry = { title: (props: ViewProps) => string } & (
  | { component: FunctionComponent<ViewProps>; load?: undefined }
  | { load: () => Promise<FunctionComponent<ViewProps>>; component?: undefined }
)

/** The views the modal chunk carries; feature views register from their own lazy chunks. */
export const VIEWS: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: () => 'Connect Wallet', component: Connect },
  Account: { title: () => 'Account', component: Account },
  Networks: { title: () => 'Choose Network', component: Networks },
  ConnectingExternal: { title: ({ route }) => String(route.data?.name ?? 'Connecting'), component: ConnectingExternal },
  UnsupportedChain: { title: () => 'Switch Network', component: UnsupportedChain },
  AllWallets: { title: () => 'All Wallets', load: () => loadAllWallets().then((m) => m.AllWallets) },
}
