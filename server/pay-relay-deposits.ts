// What reached a deposit address on chain, transfer by transfer and in chain order, each with its
// sender (who a refund goes back to) and its block's time (a deposit after the deadline is late).
// A token's transfers are its Transfer logs to the address; the native coin's are the transactions
// sent straight to it (coin sent from inside a contract call is no transfer here: it is held and
// reported, pay-relay-unattributed.ts).
// The address is read forward from the last block read before (saved with the quote), in windows
// of at most `maxBlockRange` blocks (public nodes cap a log query's range or its results: a window
// they refuse is halved and tried again), and each window's transfers are saved before the next,
// so no block is read twice but the last `reorgBlocks`: read again in case the chain reorganised
// them, a transfer no longer there is forgotten. A transfer counts (to pay out or refund) once it is
// `confirmations` blocks deep.
import { erc20Abi, getAddress, parseEventLogs, type Address } from 'viem'
import { isNative } from './chain/dex.ts'
import type { EvmChain } from './chain/evm.ts'
import type { Queryable } from './db/index.ts'

export interface IncomingTransfer {
  /** One per transfer on chain: chain:tx hash:log index (the native coin: chain:tx hash:native). */
  source: string
  from: Address
  amount: bigint
  /** The block's timestamp, in seconds. */
  time: number
  block: bigint
}

export interface ScanOptions {
  /** Blocks read per query at most (PAY_RELAY_MAX_BLOCK_RANGE). */
  maxBlockRange: bigint
  /** Blocks read again on every look, in case the chain reorganised them (PAY_RELAY_REORG_BLOCKS). */
  reorgBlocks: bigint
  /** Blocks on top of a transfer's before it counts (PAY_RELAY_CONFIRMATIONS). */
  confirmations: bigint
}
export const DEFAULT_SCAN: ScanOptions = { maxBlockRange: 1_000n, reorgBlocks: 12n, confirmations: 0n }

interface Found extends IncomingTransfer { position: number }

/** A node's refusal of a query's range or result count (each provider words it its own way; -32005 is "limit exceeded"). */
export function isRangeRefusal(error: unknown): boolean {
  const texts: string[] = []
  for (let e = error as { message?: unknown; details?: unknown; code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    if (e.code === -32005) return true
    texts.push(String(e.message ?? ''), String(e.details ?? ''))
  }
  return /block range|range (is )?too (large|wide|big)|too many (results|logs|blocks)|exceeds? (the )?(max|limit)|query returned more than|limit exceeded/i.test(texts.join(' '))
}

async function readWindow(chain: EvmChain, currency: string, to: Address, fromBlock: bigint, toBlock: bigint): Promise<Found[]> {
  const times = new Map<bigint, number>()
  const timeOf = async (n: bigint) => {
    if (!times.has(n)) times.set(n, Number((await chain.client.getBlock({ blockNumber: n })).timestamp))
    return times.get(n)!
  }
  const found: Found[] = []
  if (!isNative(currency)) {
    const logs = await chain.client.getLogs({ address: getAddress(currency), fromBlock, toBlock, event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!, args: { to } })
    for (const log of parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' })) {
      if (log.args.value === 0n) continue
      found.push({ source: `${chain.chainId}:${log.transactionHash}:${log.logIndex}`, from: log.args.from, amount: log.args.value, time: await timeOf(log.blockNumber), block: log.blockNumber, position: log.logIndex })
    }
    return found
  }
  for (let n = fromBlock; n <= toBlock; n++) {
    const block = await chain.client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (!tx.to || tx.to.toLowerCase() !== to.toLowerCase() || tx.value === 0n) continue
      const receipt = await chain.client.getTransactionReceipt({ hash: tx.hash })
      if (receipt.status !== 'success') continue
      found.push({ source: `${chain.chainId}:${tx.hash}:native`, from: tx.from, amount: tx.value, time: Number(block.timestamp), block: n, position: tx.transactionIndex })
    }
  }
  return found
}

interface ScannedQuote { request_id: string; origin_currency: string; deposit_address: string; origin_block: string | number; scanned_block: string | number | null }

/**
 * Reads the quote's deposit address up to the latest block and returns every transfer seen so far
 * in chain order, with the block the listing is complete up to and the last block whose transfers
 * count (`confirmations` below it).
 */
export async function scanDeposits(db: Queryable, chain: EvmChain, r: ScannedQuote, opts: ScanOptions = DEFAULT_SCAN): Promise<{ transfers: IncomingTransfer[]; block: bigint; counted: bigint }> {
  const latest = await chain.client.getBlockNumber({ cacheTime: 0 })
  const origin = BigInt(r.origin_block)
  const saved = (await db.query<{ scanned_block: string | null }>('SELECT scanned_block FROM pay_relays WHERE request_id = $1', [r.request_id]))[0]?.scanned_block ?? null
  let from = saved === null ? origin : BigInt(saved) + 1n - opts.reorgBlocks
  if (from < origin) from = origin
  let range = opts.maxBlockRange > 0n ? opts.maxBlockRange : 1n
  while (from <= latest) {
    const to = from + range - 1n < latest ? from + range - 1n : latest
    let found: Found[]
    try {
      found = await readWindow(chain, r.origin_currency, getAddress(r.deposit_address), from, to)
    } catch (error) {
      if (!isRangeRefusal(error) || range === 1n) throw error
      range /= 2n
      continue
    }
    // A transfer saved from these blocks and not in them now was reorganised away (one mined again elsewhere is saved where it is found).
    await db.query('DELETE FROM pay_relay_transfers WHERE request_id = $1 AND block_number BETWEEN $2::bigint AND $3::bigint AND NOT (source = ANY($4::text[]))', [r.request_id, String(from), String(to), found.map((t) => t.source)])
    for (const t of found) {
      // A transfer seen again in a reorganised block takes its new block and time.
      await db.query(
        `INSERT INTO pay_relay_transfers (request_id, source, from_address, amount, block_number, position, block_time) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (request_id, source) DO UPDATE SET block_number = EXCLUDED.block_number, position = EXCLUDED.position, block_time = EXCLUDED.block_time`,
        [r.request_id, t.source, t.from.toLowerCase(), String(t.amount), String(t.block), t.position, t.time],
      )
    }
    await db.query('UPDATE pay_relays SET scanned_block = GREATEST(COALESCE(scanned_block, -1), $2::bigint) WHERE request_id = $1', [r.request_id, String(to)])
    from = to + 1n
  }
  const rows = await db.query<{ source: string; from_address: string; amount: string; block_time: string | number; block_number: string | number }>(
    'SELECT source, from_address, amount, block_time, block_number FROM pay_relay_transfers WHERE request_id = $1 ORDER BY block_number, position',
    [r.request_id],
  )
  const transfers = rows.map((t) => ({ source: t.source, from: getAddress(t.from_address), amount: BigInt(t.amount), time: Number(t.block_time), block: BigInt(t.block_number) }))
  return { transfers, block: latest, counted: latest - opts.confirmations }
}
