import { isTronAddress } from '../../src/utils/tron/address.ts'
import { tronApi } from '../../src/utils/tron/http.ts'
import { trc20Balance } from '../../src/utils/tron/transfer.ts'

export { isTronAddress }

export interface Trc20Holding {
  /** The token contract, base58. */
  address: string
  amount: bigint
  decimals: number
  symbol: string
}

/**
 * TRX (in sun) and the holdings of the given TRC-20 contracts, read from a TRON full node's HTTP
 * API (TronGrid or a node of one's own): /wallet/getaccount and balanceOf through constant calls.
 */
export async function tronBalances(apiUrl: string, owner: string, contracts: readonly string[]): Promise<{ sun: bigint; tokens: Trc20Holding[] }> {
  const api = tronApi([apiUrl])
  // A contract the node does not have (mainnet's USDT on a test network) is no holding there.
  const [sun, ...tokens] = await Promise.all([api.balance(owner), ...contracts.map((address) => trc20Balance(api, owner, address).then((t) => ({ address, ...t }), () => undefined))])
  return { sun: sun as bigint, tokens: (tokens as (Trc20Holding | undefined)[]).filter((t) => t !== undefined) }
}
