import { fixtures, type Wallet } from './fixtures.ts'

export interface WalletQuery {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  search?: string
  badge_type?: 'none' | 'certified'
  chains?: string[]
}

/** Filters and pages the catalogue the way the explorer's getWallets does. */
export function queryWallets(q: WalletQuery): { count: number; data: Wallet[] } {
  let list = fixtures().wallets
  if (q.include?.length) {
    const ids = new Set(q.include)
    list = list.filter((w) => ids.has(w.id))
  }
  if (q.exclude?.length) {
    const ids = new Set(q.exclude)
    list = list.filter((w) => !ids.has(w.id))
  }
  // 'none' means no badge filter; 'certified' keeps only certified wallets.
  if (q.badge_type === 'certified') list = list.filter((w) => w.badge_type === 'certified')
  if (q.chains?.length) {
    const wanted = new Set(q.chains)
    list = list.filter((w) => w.chains.some((c) => wanted.has(c)))
  }
  const search = q.search?.trim().toLowerCase()
  if (search) list = list.filter((w) => w.name.toLowerCase().includes(search))
  const start = (q.page - 1) * q.entries
  return { count: list.length, data: list.slice(start, start + q.entries) }
}

let names: Map<string, string> | undefined

/** The wallet name for an image id, so its icon can show initials. */
export function walletNameByImageId(imageId: string): string | undefined {
  names ??= new Map(fixtures().wallets.map((w) => [w.image_id, w.name]))
  return names.get(imageId)
}
