import type { Hash } from 'viem'

// The indexer's shared shapes, below both the chain readers and the store.

export interface BlockHead {
  number: bigint
  hash: Hash
  parentHash: Hash
  time: bigint
}

/** One transfers row, as every chain family's reader produces it. */
export interface TransferRow {
  chain: string
  txHash: string
  /** -1 for a transaction's native value, else the log's index in its block. */
  logIndex: number
  blockNumber: bigint
  txIndex: number
  time: bigint
  txFrom: string
  txTo: string | null
  nonce: number | null
  /** 'native' or the token contract (or mint). */
  asset: string
  from: string
  to: string
  amount: bigint
}
