import type { Queryable } from './db/index.ts'

export interface TokenRow {
  chain: string
  address: string
  name: string
  symbol: string
  decimals: number
  spam: boolean
}

/** Token addresses are stored lower-case on EVM chains (Solana mints are case-sensitive). */
export const tokenKey = (chain: string, address: string) => (chain.startsWith('eip155:') ? address.toLowerCase() : address)

/** Records a token the operator vouches for: listed in balances, never spam. */
export async function trustToken(db: Queryable, t: Omit<TokenRow, 'spam'>): Promise<void> {
  await db.query(
    `INSERT INTO tokens (chain, address, name, symbol, decimals, spam) VALUES ($1, $2, $3, $4, $5, false)
     ON CONFLICT (chain, address) DO UPDATE SET name = $3, symbol = $4, decimals = $5, spam = false`,
    [t.chain, tokenKey(t.chain, t.address), t.name, t.symbol, t.decimals],
  )
}

/** Records a token first seen by the indexer; a token nobody vouched for starts flagged as spam. */
export async function seeToken(db: Queryable, t: TokenRow): Promise<void> {
  await db.query(
    `INSERT INTO tokens (chain, address, name, symbol, decimals, spam) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [t.chain, tokenKey(t.chain, t.address), t.name, t.symbol, t.decimals, t.spam],
  )
}

export async function tokensOf(db: Queryable, chain: string, opts: { spam?: boolean } = {}): Promise<TokenRow[]> {
  const spam = opts.spam === undefined ? '' : ' AND spam = $2'
  return db.query<TokenRow & Record<string, unknown>>(
    `SELECT chain, address, name, symbol, decimals, spam FROM tokens WHERE chain = $1${spam} ORDER BY symbol`,
    opts.spam === undefined ? [chain] : [chain, opts.spam],
  )
}

export async function tokenOf(db: Queryable, chain: string, address: string): Promise<TokenRow | undefined> {
  const [row] = await db.query<TokenRow & Record<string, unknown>>(
    'SELECT chain, address, name, symbol, decimals, spam FROM tokens WHERE chain = $1 AND address = $2',
    [chain, tokenKey(chain, address)],
  )
  return row
}
