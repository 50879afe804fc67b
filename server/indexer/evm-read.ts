import { erc20Abi, getAddress, type Block, type Hash, type Hex, type PublicClient } from 'viem'
import { mapLimit } from './map-limit.ts'
import type { BlockHead, TransferRow } from './types.ts'

/** keccak256("Transfer(address,address,uint256)") */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const CONCURRENCY = 16

/** A transfer as read from an EVM chain: a transfers row before it is tagged with its chain. */
export type Move = Omit<TransferRow, 'chain' | 'txHash'> & { txHash: Hash }

export interface BlockRange {
  blocks: BlockHead[]
  moves: Move[]
  /** Every address whose balance the range may have changed: each transaction's sender (gas) and recipient, each move's ends. */
  touched: Set<string>
}

type FullBlock = Block<bigint, true, 'latest'>

/** Reads blocks `from`..`to`: their heads, successful native transfers and ERC-20 Transfer logs. */
export async function readRange(client: PublicClient, from: bigint, to: bigint): Promise<BlockRange> {
  const numbers: bigint[] = []
  for (let n = from; n <= to; n++) numbers.push(n)
  const full = await mapLimit(numbers, CONCURRENCY, (blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }) as Promise<FullBlock>)
  const byHash = new Map(full.map((b) => [b.hash, b]))
  const moves: Move[] = []

  const valued = full.flatMap((b) => b.transactions.filter((tx) => tx.value > 0n).map((tx) => ({ b, tx })))
  // A reverted transaction moved no value.
  const receipts = await mapLimit(valued, CONCURRENCY, ({ tx }) => client.getTransactionReceipt({ hash: tx.hash }))
  valued.forEach(({ b, tx }, i) => {
    if (receipts[i]!.status !== 'success') return
    moves.push({ ...txFacts(b, tx), logIndex: -1, asset: 'native', from: tx.from.toLowerCase(), to: (tx.to ?? '').toLowerCase(), amount: tx.value })
  })

  const logs = await client.request({ method: 'eth_getLogs', params: [{ fromBlock: hex(from), toBlock: hex(to), topics: [TRANSFER_TOPIC] }] })
  for (const log of logs) {
    // ERC-721 Transfer shares the topic but indexes its third argument: not a fungible move.
    if (log.topics.length !== 3 || log.data.length !== 66) continue
    const block = log.blockHash ? byHash.get(log.blockHash) : undefined
    const tx = block?.transactions.find((t) => t.hash === log.transactionHash)
    // A log from a block we did not read belongs to a fork; the next round sorts it out.
    if (!block || !tx || log.logIndex === null) continue
    moves.push({
      ...txFacts(block, tx),
      logIndex: Number(log.logIndex),
      asset: log.address.toLowerCase(),
      from: topicAddress(log.topics[1]!),
      to: topicAddress(log.topics[2]!),
      amount: BigInt(log.data),
    })
  }
  const blocks = full.map((b) => ({ number: b.number, hash: b.hash, parentHash: b.parentHash, time: b.timestamp }))
  const touched = new Set<string>()
  for (const b of full) for (const tx of b.transactions) touched.add(tx.from.toLowerCase()).add((tx.to ?? '').toLowerCase())
  for (const m of moves) touched.add(m.from).add(m.to)
  touched.delete('')
  return { blocks, moves, touched }
}

function txFacts(b: FullBlock, tx: FullBlock['transactions'][number]) {
  return {
    txHash: tx.hash,
    blockNumber: b.number,
    txIndex: tx.transactionIndex,
    time: b.timestamp,
    txFrom: tx.from.toLowerCase(),
    txTo: tx.to?.toLowerCase() ?? null,
    nonce: tx.nonce,
  }
}

const hex = (n: bigint): Hex => `0x${n.toString(16)}`
const topicAddress = (topic: Hex) => `0x${topic.slice(26)}`.toLowerCase()

/** A token's name, symbol and decimals, or undefined when the contract does not answer like an ERC-20. */
export async function readTokenMeta(client: PublicClient, address: string) {
  const contract = { address: getAddress(address), abi: erc20Abi } as const
  try {
    const [name, symbol, decimals] = await Promise.all([
      client.readContract({ ...contract, functionName: 'name' }),
      client.readContract({ ...contract, functionName: 'symbol' }),
      client.readContract({ ...contract, functionName: 'decimals' }),
    ])
    return { name, symbol, decimals }
  } catch {
    return undefined
  }
}
