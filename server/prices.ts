import type { Queryable } from './db/index.ts'

/** USD price per symbol from the prices table; the table is small, so one read serves a request. */
export async function priceTable(db: Queryable): Promise<(symbol: string) => number> {
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
}
