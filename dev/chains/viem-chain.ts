import { defineChain, type Chain } from 'viem'
import type { LocalChain } from './types.ts'

/** A viem chain definition pointing at a local chain's RPC, for clients in tests and scripts. */
export function toViemChain(local: LocalChain): Chain {
  const symbol = local.chainId === 137 ? 'POL' : 'ETH'
  return defineChain({
    id: local.chainId,
    name: `Local ${local.chainId}`,
    nativeCurrency: { name: symbol === 'POL' ? 'POL' : 'Ether', symbol, decimals: 18 },
    rpcUrls: { default: { http: [local.rpcUrl] } },
  })
}
