import type { ChainHoldings, ServerState } from './state.ts'
import { suiAllBalances, suiCoinMetadata } from './sui-rpc.ts'

// Sui balances from the network's full node: SUI and every other coin type the address holds
// (suix_getAllBalances), each named by its coin metadata. SUI is priced; other coins, whose
// symbol anyone may choose, are worth 0 as unknown Solana mints are.

export type CoinInfo = { name: string; symbol: string; decimals: number }

/** Metadata kept per (node, coin type): it never changes once published. Bounded, oldest out. */
const metadata = new Map<string, Promise<CoinInfo>>()
const MAX_METADATA = 5_000
const SUI_INFO: CoinInfo = { name: 'Sui', symbol: 'SUI', decimals: 9 }

/** 0x2::sui::SUI in any of its spellings (0x2 or the full 64 digits). */
export const isSuiCoin = (coinType: string) => /^0x0{0,63}2::sui::SUI$/.test(coinType)

/** A coin type's name, symbol and decimals; a coin without metadata is shown by its type's short form. */
export function coinInfo(endpoint: string, coinType: string): Promise<CoinInfo> {
  if (isSuiCoin(coinType)) return Promise.resolve(SUI_INFO)
  const key = `${endpoint} ${coinType}`
  let found = metadata.get(key)
  if (!found) {
    found = suiCoinMetadata(endpoint, coinType).then((m) => m ?? { name: coinType.split('::').slice(1).join('::'), symbol: coinType.split('::')[2]!.slice(0, 10), decimals: 0 })
    found.catch(() => metadata.delete(key)) // a failed read is not kept
    metadata.set(key, found)
    if (metadata.size > MAX_METADATA) metadata.delete(metadata.keys().next().value!)
  }
  return found
}

/** The address's holdings on a Sui network, SUI first, from the shared read of balance-cache.ts. */
export function suiHoldings(state: ServerState, chain: string, owner: string, fresh: boolean): Promise<ChainHoldings> {
  const endpoint = state.suiRpcUrls[chain]!
  return state.balances.read(chain, owner, async () => {
    const held = await suiAllBalances(endpoint, owner)
    const infos = await Promise.all(held.map((b) => coinInfo(endpoint, b.coinType)))
    const holdings: ChainHoldings = held.map((b, i) => {
      const sui = isSuiCoin(b.coinType)
      return { fungible: { ...infos[i]!, chainId: chain, ...(sui ? {} : { address: `${chain}:${b.coinType}` }) }, amount: BigInt(b.totalBalance), ...(sui ? {} : { unpriced: true as const }) }
    })
    return holdings.sort((a, b) => Number(!!a.fungible.address) - Number(!!b.fungible.address))
  }, { fresh })
}
