import * as v from 'valibot'
import { solanaBatch, solanaRpc, tokenAccountAddresses } from '../chain/solana.ts'
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

/** How often every followed owner's token accounts are read again, new signatures or not. */
export const TOKEN_ACCOUNTS_SWEEP_MS = 60_000

export interface SolanaSyncOptions extends Pick<EvmSyncOptions, 'onTouched'> {
  /**
   * When each owner's token accounts were last read (kept by the caller across passes): an owner
   * is read again when it has new signatures or its last read is older than the sweep. Without
   * it every owner is read.
   */
  tokenReads?: Map<string, number>
  now?: number
}

type Watched = { address: string; last_signature: string | null; owner: string | null; token_account: boolean }

/**
 * Solana RPCs have no block-wide transfer feed here (the local ledger answers neither getBlock nor
 * logsSubscribe), so the indexer follows addresses: each watched address's new signatures, oldest
 * first. A pass asks for every address's new signatures in one batch, and for the token accounts
 * of the owners that may have new ones in another.
 */
export async function syncSolana(db: Db, src: SolanaSource, opts: SolanaSyncOptions = {}): Promise<void> {
  await forgetOtherLedger(db, src)
  const watched = await db.query<Watched>('SELECT address, last_signature, owner, token_account FROM solana_watch ORDER BY address')
  const newest = await newSignatures(src, watched)
  // A token account found now is read in this pass, as the owner's may be.
  const added = await followTokenAccounts(db, src, watched, newest, opts)
  for (const [address, signatures] of added.length ? await newSignatures(src, added) : []) newest.set(address, signatures)
  watched.push(...added)
  for (const { address, owner } of watched) {
    const signatures = newest.get(address)!
    if (signatures.length === 0) continue
    const rows: TransferRow[] = []
    // A new signature of a followed address moved its balances (a token account's are its owner's).
    const touched = new Set([owner ?? address])
    const oldestFirst = [...signatures].reverse()
    const txs = await solanaBatch(src.rpcUrl, oldestFirst.map((signature) => ({ method: 'getTransaction', params: [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }], schema: ParsedTransaction })))
    for (const [i, signature] of oldestFirst.entries()) {
      const tx = txs[i] as ParsedTransaction | null | Error
      if (tx instanceof Error) throw tx
      if (!tx) continue
      rows.push(...(await toRows(db, src, signature, tx)))
      for (const a of touchedBy(tx)) touched.add(a)
    }
    await db.transaction(async (q) => {
      await insertTransfers(q, rows)
      await q.query('UPDATE solana_watch SET last_signature = $2 WHERE address = $1', [address, signatures[0]!])
    })
    opts.onTouched?.(src.caip, touched)
  }
}

/** Each address's signatures since its last one, newest first: one batch for all of them. */
async function newSignatures(src: SolanaSource, watched: Watched[]): Promise<Map<string, string[]>> {
  const answers = await solanaBatch(
    src.rpcUrl,
    watched.map(({ address, last_signature }) => ({
      method: 'getSignaturesForAddress',
      params: [address, { limit: PAGE, commitment: 'confirmed', ...(last_signature ? { until: last_signature } : {}) }],
      schema: Signatures,
    })),
  )
  return new Map(
    watched.map(({ address }, i) => {
      const answer = answers[i]
      if (answer instanceof Error) throw answer
      return [address, (answer as v.InferOutput<typeof Signatures>).map((s) => s.signature)]
    }),
  )
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
 * owner means following its token accounts too (the rows still name owners). A new token account
 * is created by a transaction naming its owner (the associated token account program's), so only
 * owners with new signatures are read, and every owner once a sweep; returns the accounts it adds.
 */
async function followTokenAccounts(db: Db, src: SolanaSource, watched: Watched[], newest: Map<string, string[]>, opts: SolanaSyncOptions): Promise<Watched[]> {
  const now = opts.now ?? Date.now()
  const reads = opts.tokenReads
  const due = (owner: string) => {
    const last = reads?.get(owner)
    return last === undefined || newest.get(owner)!.length > 0 || now - last >= TOKEN_ACCOUNTS_SWEEP_MS
  }
  const owners = watched.filter((w) => !w.token_account && due(w.address)).map((w) => w.address)
  if (owners.length === 0) return []
  const found = await tokenAccountAddresses(src.rpcUrl, owners)
  const known = new Set(watched.map((w) => w.address))
  const added: Watched[] = []
  for (const [owner, accounts] of found) {
    reads?.set(owner, now)
    for (const account of accounts) {
      if (known.has(account)) continue
      const inserted = await db.query('INSERT INTO solana_watch (address, token_account, owner) VALUES ($1, true, $2) ON CONFLICT DO NOTHING RETURNING 1', [account, owner])
      if (inserted.length) added.push({ address: account, last_signature: null, owner, token_account: true })
    }
  }
  // Owners no longer followed are forgotten with their reads.
  if (reads) for (const owner of reads.keys()) if (!known.has(owner)) reads.delete(owner)
  return added
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
