import * as v from 'valibot'
import type { Store } from '../../signals/store'
import type { ChainNamespace, Network } from '../../types'

const BalanceSchema = v.object({
  balances: v.array(
    v.looseObject({
      symbol: v.string(),
      chainId: v.optional(v.string()),
      address: v.optional(v.string()),
      quantity: v.looseObject({ decimals: v.string(), numeric: v.string() }),
    }),
  ),
})

/**
 * The native balance (or `token`'s) from the blockchain API (SPEC section 7: GET
 * /v1/account/{address}/balance), for a namespace the site has no chain adapter for. Only
 * holdings are listed: none is 0.
 */
export async function apiNativeBalance(store: Store, address: string, network: Network, token?: string): Promise<{ balance: string; symbol: string }> {
  const { blockchainApiUrl, projectId } = store.options
  const url = new URL(`v1/account/${encodeURIComponent(address)}/balance`, blockchainApiUrl.replace(/\/?$/, '/'))
  url.searchParams.set('currency', 'usd')
  url.searchParams.set('chainId', network.caipNetworkId)
  url.searchParams.set('projectId', projectId)
  const response = await fetch(url.href)
  if (!response.ok) throw new Error(`HTTP ${response.status} for the balance of ${address}`)
  const { balances } = v.parse(BalanceSchema, await response.json())
  if (token) {
    const held = balances.find((b) => b.address?.toLowerCase() === `${network.caipNetworkId}:${token}`.toLowerCase())
    if (held) return { balance: held.quantity.numeric, symbol: held.symbol }
  }
  const native = balances.find((b) => !b.address && (!b.chainId || b.chainId === network.caipNetworkId))
  return { balance: native?.quantity.numeric ?? '0', symbol: native?.symbol ?? network.nativeCurrency.symbol }
}

/**
 * SPEC section 9: balances are read for eip155 and solana (the API's), and for sui, which the
 * reference server reads from Sui's full nodes; other namespaces only through their adapter.
 */
export function readsBalance(store: Store, namespace: ChainNamespace): boolean {
  return namespace === 'eip155' || namespace === 'solana' || namespace === 'sui' || store.options.adapters.some((a) => a.namespace === namespace)
}
