// The receipt of a transaction sent to a local anvil node, which mines a block only when a
// transaction arrives (automine). viem's waitForTransactionReceipt does not fit such a chain: it
// watches the block number and, while it looks the transaction or a block up (its replacement
// check), drops a new block number it sees; when that block holds the transaction and no other
// block follows, it waits until its timeout (the set-up receipts "not within 10 s" on a loaded
// machine, where those look-ups are slow). Here the receipt itself is asked for until it comes.
import { TransactionReceiptNotFoundError, type Hash, type PublicClient, type TransactionReceipt } from 'viem'

const FIRST_WAIT_MS = 10
const LONGEST_WAIT_MS = 200

/**
 * Polls for `hash`'s receipt: every 10 ms at first, then backing off to 200 ms. Fails only after
 * a check made past `timeoutMs` still found none (a process stalled for a while, or a slow node,
 * is not taken for a lost transaction).
 */
export async function minedReceipt(client: Pick<PublicClient, 'getTransactionReceipt'>, hash: Hash, timeoutMs = 60_000): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    })
    if (receipt) return receipt
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}
