import type { FunctionComponent } from 'preact'
import type { Store } from '../signals/store'
import type { Route, ViewName } from '../signals/modal'
import { Connect } from './Connect'
import { Account } from './Account'
import { Networks } from './Networks'
import { ConnectingExternal } from './ConnectingExternal'
import { UnsupportedChain } from './UnsupportedChain'

export interface ViewProps {
  store: Store
  route: Route
}

interface ViewEntry {
  title: (props: ViewProps) => string
  component: FunctionComponent<ViewProps>
}

/** The views the modal chunk carries; feature views register from their own lazy chunks. */
export const VIEWS: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: () => 'Connect Wallet', component: Connect },
  Account: { title: () => 'Account', component: Account },
  Networks: { title: () => 'Choose Network', component: Networks },
  ConnectingExternal: { title: ({ route }) => String(route.data?.name ?? 'Connecting'), component: ConnectingExternal },
  UnsupportedChain: { title: () => 'Switch Network', component: UnsupportedChain },
}
