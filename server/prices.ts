import type { Queryable } from './db/index.ts'

/** How long a read of the prices table serves requests: an operator's change shows within this. */
export const PRICES_MAX_AGE_MS = 2_000

const cached = new WeakMap<Queryable, { at: number; table: Promise<(symbol: string) => number> }>()

/**
 * USD price per symbol from the prices table. Every balance and history request prices its
 * entries: one read of the small table serves them all for PRICES_MAX_AGE_MS.
 */
export function priceTable(db: Queryable, now = Date.now()): Promise<(symbol: string) => number> {
  const hit = cached.get(db)
  if (hit && now - hit.at < PRICES_MAX_AGE_MS) return hit.table
  const table = readPrices(db)
  cached.set(db, { at: now, table })
  // A failed read is not kept: the next request reads again.
  table.catch(() => cached.get(db)?.table === table && cached.delete(db))
  return table
}

async function readPrices(db: Queryable): Promise<(symbol: string) => number> {
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
