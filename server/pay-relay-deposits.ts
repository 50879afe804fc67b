// What reached a deposit address on chain, transfer by transfer and in chain order, each with its
// sender (who a refund goes back to) and its block's time (a deposit after the deadline is late).
// A token's transfers are its Transfer logs to the address; the native coin's are the transactions
// sent straight to it (a payment made from inside a contract call is not seen, and not refunded).
import { erc20Abi, getAddress, parseEventLogs, type Address } from 'viem'
import { isNative } from './chain/dex.ts'
import type { EvmChain } from './chain/evm.ts'

export interface IncomingTransfer {
  /** One per transfer on chain: chain:tx hash:log index (the native coin: chain:tx hash:native). */
  source: string
  from: Address
  amount: bigint
  /** The block's timestamp, in seconds. */
  time: number
}

/** Blocks scanned per call for native deposits, so one look stays bounded. */
const MAX_NATIVE_BLOCKS = 5_000n

export async function incomingTransfers(chain: EvmChain, currency: string, to: Address, fromBlock: bigint): Promise<IncomingTransfer[]> {
  const latest = await chain.client.getBlockNumber({ cacheTime: 0 })
  const times = new Map<bigint, number>()
  const timeOf = async (n: bigint) => {
    if (!times.has(n)) times.set(n, Number((await chain.client.getBlock({ blockNumber: n })).timestamp))
    return times.get(n)!
  }
  const found: IncomingTransfer[] = []
  if (!isNative(currency)) {
    const logs = await chain.client.getLogs({ address: getAddress(currency), fromBlock, toBlock: latest, event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!, args: { to } })
    for (const log of parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' })) {
      if (log.args.value === 0n) continue
      found.push({ source: `${chain.chainId}:${log.transactionHash}:${log.logIndex}`, from: log.args.from, amount: log.args.value, time: await timeOf(log.blockNumber) })
    }
    return found
  }
  const start = latest - fromBlock > MAX_NATIVE_BLOCKS ? latest - MAX_NATIVE_BLOCKS : fromBlock
  for (let n = start; n <= latest; n++) {
    const block = await chain.client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (!tx.to || tx.to.toLowerCase() !== to.toLowerCase() || tx.value === 0n) continue
      const receipt = await chain.client.getTransactionReceipt({ hash: tx.hash })
      if (receipt.status !== 'success') continue
      found.push({ source: `${chain.chainId}:${tx.hash}:native`, from: tx.from, amount: tx.value, time: Number(block.timestamp) })
    }
  }
  return found
}
