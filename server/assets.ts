import { formatUnits } from 'viem'
import type { ServerState } from './state.ts'

export interface Fungible {
  name: string
  symbol: string
  /** CAIP-2 network id. */
  chainId: string
  /** CAIP-10 token address; absent for the native currency. */
  address?: string
  decimals: number
}

export function tokenIconUrl(state: ServerState, symbol: string): string {
  return `${state.url}/public/getTokenImage/${encodeURIComponent(symbol)}`
}

/** An amount in base units as the balance endpoint reports it. */
export function balanceEntry(state: ServerState, f: Fungible, amount: bigint, price: number) {
  const numeric = formatUnits(amount, f.decimals)
  return {
    name: f.name,
    symbol: f.symbol,
    chainId: f.chainId,
    ...(f.address ? { address: f.address } : {}),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(f.decimals), numeric },
    iconUrl: tokenIconUrl(state, f.symbol),
  }
}
