import { BalanceCache } from './balance-cache.ts'
import type { Queryable } from './db/index.ts'

/** How long a read of the prices table serves requests: an operator's change shows within this. */
export const PRICES_MAX_AGE_MS = 2_000

type Price = (symbol: string) => number
// The same shared read as balances': a request past half its age starts the next read and is
// served at once, so the requests of a busy server do not all wait for the table every 2 s.
const cached = new WeakMap<Queryable, BalanceCache<Price>>()

/**
 * USD price per symbol from the prices table. Every balance and history request prices its
 * entries: one read of the small table serves them all for PRICES_MAX_AGE_MS.
 */
export function priceTable(db: Queryable, now = Date.now()): Promise<Price> {
  let reads = cached.get(db)
  if (!reads) cached.set(db, (reads = new BalanceCache<Price>({ maxAgeMs: PRICES_MAX_AGE_MS, maxEntries: 1 })))
  return reads.read('prices', 'usd', () => readPrices(db), { now })
}

async function readPrices(db: Queryable): Promise<Price> {
  const rows = await db.query<{ symbol: string; usd: number }>('SELECT symbol, usd FROM prices')
  const bySymbol = new Map(rows.map((r) => [r.symbol.toUpperCase(), Number(r.usd)]))
  // Unknown symbols are worth 0, as the hosted API reports them.
  return (symbol) => bySymbol.get(symbol.toUpperCase()) ?? 0
}

export async function setPrice(db: Queryable, symbol: string, usd: number): Promise<void> {
  await db.query(
    'INSERT INTO prices (symbol, usd, updated_at) VALUES ($1, $2, $3) ON CONFLICT (symbol) DO UPDATE SET usd = $2, updated_at = $3',
    [symbol.toUpperCase(), usd, Date.now()],
  )
  cached.delete(db)
}
