import * as v from 'valibot'
import type { CatalogueWallet } from '../types'
import { readStored, writeStored } from '../utils/storage'
import { STORAGE_KEYS } from '../utils/storage-keys'

/** SPEC section 9: at most two recent wallets. Kept apart from wallets.ts so the loader stays small. */
export const MAX_RECENT_WALLETS = 2

const RecentSchema = v.array(v.looseObject({ id: v.string(), name: v.string() }))

export function loadRecentWallets(): CatalogueWallet[] {
  return (readStored(STORAGE_KEYS.recentWallets, RecentSchema) ?? []).slice(0, MAX_RECENT_WALLETS) as CatalogueWallet[]
}

/** Most recent first, at most two, no repeats. */
export function rememberRecentWallet(list: readonly CatalogueWallet[], wallet: CatalogueWallet): CatalogueWallet[] {
  const next = [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT_WALLETS)
  writeStored(STORAGE_KEYS.recentWallets, next)
  return next
}
