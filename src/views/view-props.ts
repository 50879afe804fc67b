import type { Store } from '../signals/store'
import type { Route } from '../signals/modal'

/** What the router hands every view. */
export interface ViewProps {
  store: Store
  route: Route
}
