import { getAnalyticsConfig, sendEvents, type AnalyticsEventBody } from '../api/provider'
import { providerConfig } from './catalogue'
import { activeAccount } from './account'
import type { Store } from './store'

export type { AnalyticsEventBody }

/** The project's analytics switch (off on any error), kept where Connect's project check keeps it. */
export async function readAnalyticsSwitch(store: Store): Promise<boolean> {
  const { isAnalyticsEnabled } = await getAnalyticsConfig(providerConfig(store))
  store.wallets.analytics.value = isAnalyticsEnabled
  return isAnalyticsEnabled
}

/** Posts a batch to the provider API's /e; by beacon when the page is going away. */
export function postEvents(store: Store, events: AnalyticsEventBody[], beacon = false): Promise<boolean> {
  return sendEvents(providerConfig(store), events, beacon)
}

/** What AppKit adds to each event: the active account's address and network. */
export function eventContext(store: Store): { address?: string; caipNetworkId?: string } {
  return { address: activeAccount(store).address, caipNetworkId: store.network.activeNetwork.peek()?.caipNetworkId }
}
