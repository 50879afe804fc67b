import { isTronAddress } from '../../utils/tron/address'
import { tronApi } from '../../utils/tron/http'
import { sendToken, waitForReceipt } from '../../utils/tron/transfer'
import type { TronConnector } from '../../utils/tron/types'
import { plainAddress } from '../../signals/send'
import { PosternError } from '../../utils/errors'
import { walletCall, type ChainSend } from './chain'

/**
 * A TRX transfer's bandwidth (about 268 bytes) at TRON's burn price of 1,000 sun a byte: what it
 * costs once the account's free daily bandwidth is spent (within it, nothing).
 */
const TRANSFER_BANDWIDTH_SUN = 268_000n
/**
 * A TRC-20 transfer's energy (about 14,650 for USDT to a holder, twice that to a first-time one)
 * burned at 420 sun a unit, plus its bandwidth; the fee limit lets it cost up to 50 TRX.
 */
const TOKEN_TRANSFER_SUN = 14_650n * 420n + 345_000n
const TOKEN_FEE_LIMIT_SUN = 50_000_000n

/** TRX and TRC-20 tokens through the connection's TronConnector (wallet adapter or WalletConnect): built by the node, signed, broadcast, confirmed. */
export const tronSend: ChainSend = {
  isAddress: isTronAddress,
  async estimateFee(t) {
    const amount = plainAddress(t.token?.address) ? TOKEN_TRANSFER_SUN : TRANSFER_BANDWIDTH_SUN
    return { amount, reserve: TRANSFER_BANDWIDTH_SUN, decimals: t.network.nativeCurrency.decimals, symbol: t.network.nativeCurrency.symbol }
  },
  async send(t) {
    const provider = t.provider as Partial<TronConnector> | undefined
    if (typeof provider?.sendTransaction !== 'function' || typeof provider.signTransaction !== 'function') throw new PosternError('Provider not found.', 'PROVIDER_NOT_FOUND')
    const token = plainAddress(t.token.address)
    if (token && !isTronAddress(token)) throw new PosternError('Invalid token address', 'INVALID_TOKEN')
    const txID = await walletCall(() => token
      ? sendToken(tronApi(t.rpcUrls), (tx) => provider.signTransaction!(tx), t.from, token, t.to, t.amount, TOKEN_FEE_LIMIT_SUN)
      : provider.sendTransaction!({ from: t.from, to: t.to, value: t.amount.toString() }))
    await waitForReceipt(tronApi(t.rpcUrls), txID)
    return txID
  },
}
