import { isTronAddress } from '../../adapters/tron/address'
import { tronApi } from '../../adapters/tron/http'
import { waitForReceipt } from '../../adapters/tron/transfer'
import type { TronConnector } from '../../adapters/tron/types'
import { plainAddress } from '../../signals/send'
import { PosternError } from '../../utils/errors'
import { walletCall, type ChainSend } from './chain'

/**
 * A TRX transfer's bandwidth (about 268 bytes) at TRON's burn price of 1,000 sun a byte: what it
 * costs once the account's free daily bandwidth is spent (within it, nothing).
 */
const TRANSFER_BANDWIDTH_SUN = 268_000n

/** TRX through the connection's TronConnector (wallet adapter or WalletConnect): built by the node, signed, broadcast, confirmed. */
export const tronSend: ChainSend = {
  isAddress: isTronAddress,
  async estimateFee(t) {
    return { amount: TRANSFER_BANDWIDTH_SUN, reserve: TRANSFER_BANDWIDTH_SUN, decimals: t.network.nativeCurrency.decimals, symbol: t.network.nativeCurrency.symbol }
  },
  async send(t) {
    if (plainAddress(t.token.address)) throw new PosternError('Only TRX can be sent on TRON', 'UNSUPPORTED_TOKEN')
    const provider = t.provider as Partial<TronConnector> | undefined
    if (typeof provider?.sendTransaction !== 'function') throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    const txID = await walletCall(() => provider.sendTransaction!({ from: t.from, to: t.to, value: t.amount.toString() }))
    await waitForReceipt(tronApi(t.rpcUrls), txID)
    return txID
  },
}
