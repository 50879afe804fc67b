// The network's own currency for amounts and fees: from the networks list the modal ships
// (viem's chains), by chain id. The page does not choose it: it only names the chain.
import * as networks from '../../src/networks/evm'

export interface Currency { symbol: string; decimals: number }

let byId: Map<number, Currency> | undefined

export function nativeCurrency(chainId: number): Currency {
  byId ??= new Map(Object.values(networks).map((n) => [Number(n.id), { symbol: n.nativeCurrency.symbol, decimals: n.nativeCurrency.decimals }]))
  // A chain the list does not know: its units, named by the chain, never assumed to be ETH.
  return byId.get(chainId) ?? { symbol: `(native currency of eip155:${chainId})`, decimals: 18 }
}
