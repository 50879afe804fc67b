import type { Store } from '../../signals/store'
import { accountFor } from '../../signals/account'
import { rpcUrlsFor } from '../../signals/adapters'
import { driverFor } from '../../signals/wallet'
import { isUserRejected, PosternError, USER_REJECTED } from '../../utils/errors'
import { clientFor } from '../evm/index'

type Eip1193 = { request(args: { method: string; params?: unknown }): Promise<unknown> }
const hex = (n: bigint) => `0x${n.toString(16)}`

/** A wallet call; a refusal becomes the 4001 error whatever wrapper the wallet put around it. */
async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const code = (error as { code?: unknown; data?: { originalError?: { code?: unknown } } })?.data?.originalError?.code
    if (isUserRejected(error) || code === USER_REJECTED) throw new PosternError('User rejected the request.', USER_REJECTED, { cause: error })
    throw error
  }
}

/**
 * Has the connected wallet sign and send one transaction through its EIP-1193 provider, then
 * waits for the receipt on the network's RPC (SPEC section 9: 3 minutes, 6 retries).
 */
export async function sendWalletTransaction(store: Store, tx: { to: string; data: string; value: bigint; gas: bigint }): Promise<`0x${string}`> {
  const account = accountFor(store, 'eip155')
  const network = store.network.activeNetwork.peek()
  const provider = driverFor(store, 'eip155', account.connectorId).getProvider?.(account.connectorId!) as Eip1193 | undefined
  if (!provider?.request || !account.address) throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
  const chainId = await ask(() => provider.request({ method: 'eth_chainId' }))
  if (Number(chainId) !== Number(network.id)) throw new PosternError('The wallet is on another network', 'CHAIN_MISMATCH')
  const hash = await ask(() => provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: tx.to, data: tx.data, value: hex(tx.value), gas: hex(tx.gas) }] }))
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new PosternError('The wallet returned an invalid response', 'INVALID_WALLET_RESPONSE')
  const client = clientFor(network, rpcUrlsFor(store, network))
  const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}`, timeout: 180_000, retryCount: 6, pollingInterval: 500 })
  if (receipt.status !== 'success') throw new PosternError('execution reverted', 'EXECUTION_REVERTED')
  return hash as `0x${string}`
}
