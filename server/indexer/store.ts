import type { Queryable } from '../db/index.ts'
import type { BlockHead, TransferRow } from './types.ts'

const ROWS_PER_INSERT = 400

/** Multi-row INSERT in chunks (Postgres takes at most 65535 parameters per statement). */
async function insertRows(db: Queryable, head: string, tail: string, rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT)
    const width = chunk[0]!.length
    const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`)
    await db.query(`${head} VALUES ${values.join(', ')} ${tail}`, chunk.flat())
  }
}

export async function insertTransfers(db: Queryable, rows: TransferRow[]): Promise<void> {
  await insertRows(
    db,
    'INSERT INTO transfers (chain, tx_hash, log_index, block_number, tx_index, time, tx_from, tx_to, nonce, asset, from_address, to_address, amount)',
    'ON CONFLICT DO NOTHING',
    rows.map((r) => [r.chain, r.txHash, r.logIndex, r.blockNumber.toString(), r.txIndex, r.time.toString(), r.txFrom, r.txTo, r.nonce, r.asset, r.from, r.to, r.amount.toString()]),
  )
}

export async function insertBlocks(db: Queryable, chain: string, blocks: BlockHead[]): Promise<void> {
  await insertRows(
    db,
    'INSERT INTO chain_blocks (chain, number, hash, parent_hash, time)',
    'ON CONFLICT DO NOTHING',
    blocks.map((b) => [chain, b.number.toString(), b.hash, b.parentHash, b.time.toString()]),
  )
}

/** The newest block indexed on a chain. */
export async function lastBlock(db: Queryable, chain: string): Promise<{ number: bigint; hash: string } | undefined> {
  const [row] = await db.query<{ number: string; hash: string }>('SELECT number, hash FROM chain_blocks WHERE chain = $1 ORDER BY number DESC LIMIT 1', [chain])
  return row && { number: BigInt(row.number), hash: row.hash }
}

export async function firstBlock(db: Queryable, chain: string): Promise<bigint | undefined> {
  const [row] = await db.query<{ number: string }>('SELECT number FROM chain_blocks WHERE chain = $1 ORDER BY number LIMIT 1', [chain])
  return row && BigInt(row.number)
}

export async function storedHash(db: Queryable, chain: string, number: bigint): Promise<string | undefined> {
  const [row] = await db.query<{ hash: string }>('SELECT hash FROM chain_blocks WHERE chain = $1 AND number = $2', [chain, number.toString()])
  return row?.hash
}

/** Forgets everything above `keep` on a chain: the blocks and the transfers they held. */
export async function rollback(db: Queryable, chain: string, keep: bigint): Promise<void> {
  await db.query('DELETE FROM transfers WHERE chain = $1 AND block_number > $2', [chain, keep.toString()])
  await db.query('DELETE FROM chain_blocks WHERE chain = $1 AND number > $2', [chain, keep.toString()])
}
