import { createPublicClient, getAddress, http, type Address, type Hash, type PublicClient } from 'viem'
import type { LocalChain } from '../../chains/index.ts'
import { TOKEN_ABI } from '../../chains/token.ts'

export interface TokenMove {
  from: Address
  to: Address
  value: bigint
}

/** One transaction that moved value: native, token, or both. */
export interface IndexedTx {
  hash: Hash
  blockNumber: bigint
  txIndex: number
  /** Block timestamp in seconds. */
  timestamp: number
  from: Address
  to: Address | null
  nonce: number
  native: bigint
  tokenMoves: TokenMove[]
}

const BLOCK_FETCH_CONCURRENCY = 32

/** Reads one local EVM chain: live balances and an incremental index of value transfers. */
export class EvmChain {
  readonly chainId: number
  readonly caip: `eip155:${number}`
  readonly token: LocalChain['token']
  readonly client: PublicClient

  private txs: IndexedTx[] = []
  private scanned = -1n
  private scannedHash: Hash | null = null
  private queue: Promise<void> = Promise.resolve()

  constructor(chain: LocalChain) {
    this.chainId = chain.chainId
    this.caip = `eip155:${chain.chainId}`
    this.token = chain.token
    // Batching folds the many block reads of a sync into few HTTP requests.
    this.client = createPublicClient({ transport: http(chain.rpcUrl, { batch: { batchSize: 100 }, retryCount: 0, timeout: 5_000 }) })
  }

  async balances(address: Address): Promise<{ native: bigint; token: bigint }> {
    const [native, token] = await Promise.all([
      this.client.getBalance({ address }),
      this.client.readContract({ address: this.token.address, abi: TOKEN_ABI, functionName: 'balanceOf', args: [address] }),
    ])
    return { native, token }
  }

  /** Transactions that moved native value or the token to or from `address`, oldest first. */
  async transfersOf(address: Address): Promise<IndexedTx[]> {
    await this.sync()
    const a = address.toLowerCase()
    const involves = (x: string | null) => x?.toLowerCase() === a
    return this.txs.filter(
      (t) => (t.native > 0n && (involves(t.from) || involves(t.to))) || t.tokenMoves.some((m) => involves(m.from) || involves(m.to)),
    )
  }

  /** Brings the index up to the latest block; calls run one after another so each sees fresh blocks. */
  sync(): Promise<void> {
    const next = this.queue.then(() => this.syncOnce())
    this.queue = next.catch(() => undefined)
    return next
  }

  private async syncOnce(): Promise<void> {
    const latest = await this.client.getBlockNumber({ cacheTime: 0 })
    if (this.scanned >= 0n) {
      // A reset or reverted snapshot rewrites history: start over when our last block changed.
      const still = latest >= this.scanned ? await this.client.getBlock({ blockNumber: this.scanned }) : null
      if (!still || still.hash !== this.scannedHash) {
        this.txs = []
        this.scanned = -1n
        this.scannedHash = null
      }
    }
    if (latest <= this.scanned) return
    const fromBlock = this.scanned + 1n

    const numbers: bigint[] = []
    for (let n = fromBlock; n <= latest; n++) numbers.push(n)
    const blocks = await mapLimit(numbers, BLOCK_FETCH_CONCURRENCY, (blockNumber) =>
      this.client.getBlock({ blockNumber, includeTransactions: true }),
    )
    const logs = await this.client.getContractEvents({
      address: this.token.address,
      abi: TOKEN_ABI,
      eventName: 'Transfer',
      fromBlock,
      toBlock: latest,
    })

    const byHash = new Map<Hash, IndexedTx>()
    const candidates: IndexedTx[] = []
    for (const block of blocks) {
      for (const tx of block.transactions) {
        const entry: IndexedTx = {
          hash: tx.hash,
          blockNumber: block.number,
          txIndex: tx.transactionIndex,
          timestamp: Number(block.timestamp),
          from: getAddress(tx.from),
          to: tx.to ? getAddress(tx.to) : null,
          nonce: tx.nonce,
          native: tx.value,
          tokenMoves: [],
        }
        byHash.set(tx.hash, entry)
        if (tx.value > 0n) candidates.push(entry)
      }
    }
    // A reverted transaction moved no value.
    const receipts = await mapLimit(candidates, BLOCK_FETCH_CONCURRENCY, (t) => this.client.getTransactionReceipt({ hash: t.hash }))
    receipts.forEach((r, i) => {
      if (r.status !== 'success') candidates[i]!.native = 0n
    })
    for (const log of logs) {
      const entry = log.transactionHash ? byHash.get(log.transactionHash) : undefined
      const { from, to, value } = log.args
      if (entry && from && to && value !== undefined) entry.tokenMoves.push({ from, to, value })
    }

    const moved = [...byHash.values()].filter((t) => t.native > 0n || t.tokenMoves.length > 0)
    moved.sort((x, y) => (x.blockNumber === y.blockNumber ? x.txIndex - y.txIndex : x.blockNumber < y.blockNumber ? -1 : 1))
    this.txs.push(...moved)
    const last = blocks[blocks.length - 1]
    this.scanned = latest
    this.scannedHash = last?.hash ?? null
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}
