import type { Store } from '../signals/store'
import type { CatalogueWallet } from '../types'
import { chooseCatalogueWallet } from '../signals/catalogue'
import { isMobile } from '../utils/platform'

/**
 * A catalogue wallet chosen in the Connect list: on a phone maybe its in-app browser (that code
 * fetched only there), else chooseCatalogueWallet. Apart from Connect, so its first paint carries none of it.
 */
export async function chooseListedWallet(store: Store, wallet: CatalogueWallet): Promise<void> {
  const browse = isMobile() && (await import('../lazy/solana/browse').catch(() => undefined))
  if (!(browse && browse.openInAppBrowser(store, wallet))) chooseCatalogueWallet(store, wallet)
}
