import type { PublicClient } from 'viem'
import type { Db } from '../db/index.ts'
import { seeToken, tokenOf } from '../tokens.ts'
import { readRange, readTokenMeta, type Move } from './evm-read.ts'
import { firstBlock, insertBlocks, insertTransfers, lastBlock, rollback, storedHash } from './store.ts'

export interface EvmSource {
  caip: string
  client: PublicClient
}

export interface EvmSyncOptions {
  /** Blocks read per round. */
  maxBlocks: number
  /** Where an empty index starts: a block number, or 'latest' to skip a chain's past. */
  startBlock: bigint | 'latest'
  /** Told, once stored, of the addresses the new blocks may have changed the balance of. */
  onTouched?: (chain: string, addresses: Set<string>) => void
}

/**
 * One indexer round on an EVM chain: undo a reorg if the chain no longer has our newest block,
 * then read up to `maxBlocks` new blocks into the database. Returns how many blocks it stored.
 */
export async function syncEvm(db: Db, src: EvmSource, opts: EvmSyncOptions): Promise<number> {
  let head = await lastBlock(db, src.caip)
  // The node's head and our newest block as the node has it, asked together: one batched request,
  // which is all a pass costs when nothing was mined (every history request waits for a pass).
  const [latest, ours] = await Promise.all([
    src.client.getBlockNumber({ cacheTime: 0 }),
    head ? src.client.getBlock({ blockNumber: head.number }).catch(() => undefined) : undefined,
  ])
  if (head) {
    const keep = head.number <= latest && ours?.hash === head.hash ? head.number : await forkPoint(db, src, head, latest)
    if (keep < head.number) {
      await db.transaction((tx) => rollback(tx, src.caip, keep))
      const hash = keep >= 0n ? await storedHash(db, src.caip, keep) : undefined
      head = hash ? { number: keep, hash } : undefined
    }
  }
  const from = head ? head.number + 1n : opts.startBlock === 'latest' ? latest : opts.startBlock
  if (from > latest) return 0
  const to = latest - from + 1n > BigInt(opts.maxBlocks) ? from + BigInt(opts.maxBlocks) - 1n : latest

  const { blocks, moves, touched } = await readRange(src.client, from, to)
  // Blocks must chain onto what we hold; a break means a reorg while reading, found next round.
  let parent = head?.hash
  for (const b of blocks) {
    if (parent !== undefined && b.parentHash !== parent) return 0
    parent = b.hash
  }
  const known = await knownTokenMoves(db, src, moves)
  await db.transaction(async (tx) => {
    await insertBlocks(tx, src.caip, blocks)
    await insertTransfers(tx, known.map((m) => ({ ...m, chain: src.caip })))
  })
  opts.onTouched?.(src.caip, touched)
  return blocks.length
}

/**
 * The newest block we hold that the chain still has, once our newest is not on it. Hashes chain
 * together, so once one block matches every older one does: a binary search needs log2(n) reads
 * even after anvil_reset.
 */
async function forkPoint(db: Db, src: EvmSource, head: { number: bigint; hash: string }, latest: bigint): Promise<bigint> {
  const matches = async (n: bigint) => (await src.client.getBlock({ blockNumber: n })).hash === (await storedHash(db, src.caip, n))
  let lo = ((await firstBlock(db, src.caip)) ?? 0n) - 1n
  let hi = head.number < latest ? head.number : latest
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n
    if (await matches(mid)) lo = mid
    else hi = mid - 1n
  }
  return lo
}

/** Token moves of contracts that answer as ERC-20s; a token met for the first time is recorded (as spam unless trusted). */
async function knownTokenMoves(db: Db, src: EvmSource, moves: Move[]): Promise<Move[]> {
  const verdict = new Map<string, boolean>()
  for (const asset of new Set(moves.filter((m) => m.asset !== 'native').map((m) => m.asset))) {
    if (await tokenOf(db, src.caip, asset)) {
      verdict.set(asset, true)
      continue
    }
    const meta = await readTokenMeta(src.client, asset)
    if (meta) await seeToken(db, { chain: src.caip, address: asset, ...meta, spam: true })
    verdict.set(asset, meta !== undefined)
  }
  return moves.filter((m) => m.asset === 'native' || verdict.get(m.asset))
}
