import * as v from 'valibot'
import { solanaRpc, tokenAccountAddresses } from '../chain/solana.ts'
import type { Db, Queryable } from '../db/index.ts'
import { seeToken, tokenOf } from '../tokens.ts'
import { ParsedTransaction, solanaMoves, touchedBy } from './solana-read.ts'
import { insertTransfers } from './store.ts'
import type { EvmSyncOptions } from './evm.ts'
import type { TransferRow } from './types.ts'

export interface SolanaSource {
  caip: string
  rpcUrl: string
  /** Mints vouched for (name and symbol); others are recorded as spam. */
  knownMints: Record<string, { name: string; symbol: string }>
}

const Signatures = v.array(v.object({ signature: v.string(), err: v.unknown() }))
const PAGE = 1000

/**
 * Solana RPCs have no block-wide transfer feed here (the local ledger answers neither getBlock nor
 * logsSubscribe), so the indexer follows addresses: each watched address's new signatures, oldest first.
 */
export async function syncSolana(db: Db, src: SolanaSource, opts: Pick<EvmSyncOptions, 'onTouched'> = {}): Promise<void> {
  await forgetOtherLedger(db, src)
  await followTokenAccounts(db, src)
  const watched = await db.query<{ address: string; last_signature: string | null; owner: string | null }>('SELECT address, last_signature, owner FROM solana_watch ORDER BY address')
  for (const { address, last_signature, owner } of watched) {
    const config: Record<string, unknown> = { limit: PAGE, commitment: 'confirmed' }
    if (last_signature) config['until'] = last_signature
    const newest = await solanaRpc(src.rpcUrl, 'getSignaturesForAddress', [address, config], Signatures)
    if (newest.length === 0) continue
    const rows: TransferRow[] = []
    // A new signature of a followed address moved its balances (a token account's are its owner's).
    const touched = new Set([owner ?? address])
    for (const { signature } of [...newest].reverse()) {
      const tx = await solanaRpc(src.rpcUrl, 'getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }], ParsedTransaction)
      if (!tx) continue
      rows.push(...(await toRows(db, src, signature, tx)))
      for (const a of touchedBy(tx)) touched.add(a)
    }
    await db.transaction(async (q) => {
      await insertTransfers(q, rows)
      await q.query('UPDATE solana_watch SET last_signature = $2 WHERE address = $1', [address, newest[0]!.signature])
    })
    opts.onTouched?.(src.caip, touched)
  }
}

async function toRows(db: Db, src: SolanaSource, signature: string, tx: ParsedTransaction): Promise<TransferRow[]> {
  const feePayer = tx.transaction.message.accountKeys[0]?.pubkey ?? ''
  const moves = solanaMoves(tx)
  for (const m of moves) {
    if (m.asset === 'native' || (await tokenOf(db, src.caip, m.asset))) continue
    const known = src.knownMints[m.asset]
    const meta = known ?? { name: `Token ${m.asset.slice(0, 4)}…${m.asset.slice(-4)}`, symbol: m.asset.slice(0, 4).toUpperCase() }
    await seeToken(db, { chain: src.caip, address: m.asset, ...meta, decimals: m.decimals, spam: !known })
  }
  return moves.map((m, i) => ({
    chain: src.caip,
    txHash: signature,
    logIndex: i,
    blockNumber: BigInt(tx.slot),
    txIndex: 0,
    time: BigInt(tx.blockTime ?? 0),
    txFrom: feePayer,
    txTo: null,
    nonce: null,
    asset: m.asset,
    from: m.from,
    to: m.to,
    amount: m.amount,
  }))
}

/** A restarted local ledger is a new chain: its old transfers are dropped and every address is read again. */
async function forgetOtherLedger(db: Db, src: SolanaSource): Promise<void> {
  const genesis = await solanaRpc(src.rpcUrl, 'getGenesisHash', [], v.string())
  const [row] = await db.query<{ value: string }>("SELECT value FROM indexer_meta WHERE key = 'solana_genesis'")
  if (row?.value === genesis) return
  await db.transaction(async (q) => {
    if (row) {
      await q.query('DELETE FROM transfers WHERE chain = $1', [src.caip])
      await q.query('UPDATE solana_watch SET last_signature = NULL')
    }
    await q.query("INSERT INTO indexer_meta (key, value) VALUES ('solana_genesis', $1) ON CONFLICT (key) DO UPDATE SET value = $1", [genesis])
  })
}

/**
 * An incoming SPL transfer names the receiver's token account, not the receiver: following an
 * owner means following its token accounts too (the rows still name owners).
 */
async function followTokenAccounts(db: Db, src: SolanaSource): Promise<void> {
  const owners = await db.query<{ address: string }>('SELECT address FROM solana_watch WHERE NOT token_account')
  for (const { address } of owners) {
    for (const account of await tokenAccountAddresses(src.rpcUrl, address)) {
      await db.query('INSERT INTO solana_watch (address, token_account, owner) VALUES ($1, true, $2) ON CONFLICT DO NOTHING', [account, address])
    }
  }
}

/** How many addresses asked about are followed at once (configured ones come on top). */
export const SOLANA_WATCH_MAX = 1000

/**
 * Follows an address: a configured one (`pinned`) for good, one asked about while it is among the
 * `max` most recently asked; the least recently asked beyond that is dropped with its token accounts.
 */
export async function watchSolana(db: Queryable, address: string, opts: { pinned?: boolean; max?: number; now?: number } = {}): Promise<void> {
  await db.query(`INSERT INTO solana_watch (address, asked_at, pinned) VALUES ($1, $2, $3)
    ON CONFLICT (address) DO UPDATE SET asked_at = EXCLUDED.asked_at, pinned = solana_watch.pinned OR EXCLUDED.pinned`,
  [address, opts.now ?? Date.now(), opts.pinned ?? false])
  await db.query(`DELETE FROM solana_watch WHERE address IN (
    SELECT address FROM solana_watch WHERE NOT pinned AND NOT token_account ORDER BY asked_at DESC, address OFFSET $1)`, [opts.max ?? SOLANA_WATCH_MAX])
  await db.query('DELETE FROM solana_watch WHERE token_account AND owner IS NOT NULL AND owner NOT IN (SELECT address FROM solana_watch WHERE NOT token_account)')
}
