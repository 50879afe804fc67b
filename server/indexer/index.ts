import type { Db, Lock } from '../db/index.ts'
import { syncEvm, type EvmSource, type EvmSyncOptions } from './evm.ts'
import { syncSolana, type SolanaSource } from './solana.ts'

/** The advisory lock key that elects the one indexer among servers sharing a database. */
export const INDEXER_LOCK = 7_261_002
const MAX_ROUNDS_PER_PASS = 20

export interface IndexerOptions {
  db: Db
  evm: EvmSource[]
  solana?: SolanaSource
  /** Pause between passes, and between attempts to take the lock. */
  intervalMs?: number
  startBlock?: EvmSyncOptions['startBlock']
  maxBlocks?: number
  onTouched?: EvmSyncOptions['onTouched']
}

export type ChainFamily = 'evm' | 'solana'

export interface Indexer {
  /** True while this server holds the lock and indexes. */
  readonly leading: boolean
  /**
   * Runs a pass now when leading (so a reader sees the latest blocks); a no-op otherwise. `family`
   * narrows it to the EVM chains or the Solana ledger: a reader of one does not wait for the other.
   */
  catchUp(family?: ChainFamily): Promise<void>
  stop(): Promise<void>
}

/** Starts the indexer loop: take the lock if free, then index every chain each interval. */
export function startIndexer(opts: IndexerOptions): Indexer {
  const interval = opts.intervalMs ?? 1_000
  const evmOpts: EvmSyncOptions = { maxBlocks: opts.maxBlocks ?? 500, startBlock: opts.startBlock ?? 0n, onTouched: opts.onTouched }
  let lock: Lock | null = null
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let queue: Promise<void> = Promise.resolve()
  const lastError = new Map<string, string>()
  // When each Solana owner's token accounts were last read: a pass reads only those due.
  const tokenReads = new Map<string, number>()

  // Errors are reported once per source until they change, then the pass is retried next tick.
  const attempt = async (source: string, work: () => Promise<unknown>) => {
    try {
      await work()
      lastError.delete(source)
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error)
      if (lastError.get(source) !== message) console.error(`[server/indexer] ${source}: ${message}`)
      lastError.set(source, message)
    }
  }

  const pass = async (family?: ChainFamily) => {
    if (stopped || !lock) return
    await Promise.all([
      ...(family === 'solana' ? [] : opts.evm).map((src) =>
        attempt(src.caip, async () => {
          for (let round = 0; round < MAX_ROUNDS_PER_PASS && !stopped; round++) if ((await syncEvm(opts.db, src, evmOpts)) === 0) break
        }),
      ),
      family !== 'evm' && opts.solana && attempt(opts.solana.caip, () => syncSolana(opts.db, opts.solana!, { onTouched: opts.onTouched, tokenReads })),
    ])
  }
  const enqueue = (work: () => Promise<void>) => (queue = queue.then(work, work))
  // Readers asking while a pass waits to start share it: it starts after each of them asked, so
  // it reads every block they could expect, and a burst of readers costs one pass, not one each.
  const waiting = new Map<ChainFamily | 'all', Promise<void>>()
  const catchUp = (family?: ChainFamily) => {
    if (!lock || stopped) return Promise.resolve()
    const key = family ?? 'all'
    let shared = waiting.get(key)
    if (!shared) {
      shared = enqueue(async () => {
        waiting.delete(key)
        await pass(family)
      })
      waiting.set(key, shared)
    }
    return shared
  }

  const tick = async () => {
    if (!lock) {
      await attempt('lock', async () => {
        lock = await opts.db.tryLock(INDEXER_LOCK)
        const held = lock
        // A lost session drops the lock: stop indexing and compete for it again.
        held?.lost.then(() => lock === held && (lock = null))
      })
    }
    await enqueue(pass)
    if (!stopped) timer = setTimeout(() => (ticking = tick()), interval)
  }
  let ticking = tick()

  return {
    get leading() {
      return lock !== null && !stopped
    },
    catchUp,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await ticking
      await queue
      await lock?.release()
      lock = null
    },
  }
}
