// The last good answers for Connect's lists, so that an API failing at open still shows them.
// Read back through the API's own wallet schema: a stored value is outside data like any answer.
import * as v from 'valibot'
import type { CatalogueWallet } from '../types'
import { CatalogueWalletSchema } from '../api/provider'
import { readStored, writeStored } from '../utils/storage'

export const CATALOGUE_CACHE_KEY = '@postern/wallet_catalogue'
const CachedSchema = v.record(v.string(), v.array(CatalogueWalletSchema))

export type CachedList = 'featured' | 'recommended'

export const cachedWallets = (list: CachedList): CatalogueWallet[] | undefined => readStored(CATALOGUE_CACHE_KEY, CachedSchema)?.[list]

export function keepWallets(list: CachedList, wallets: readonly CatalogueWallet[]): void {
  writeStored(CATALOGUE_CACHE_KEY, { ...readStored(CATALOGUE_CACHE_KEY, CachedSchema), [list]: wallets })
}
