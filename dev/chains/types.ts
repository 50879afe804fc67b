/** One local EVM chain as the stack hands it to services and tests. */
export interface LocalChain {
  chainId: number
  rpcUrl: string
  token: { address: `0x${string}`; name: 'USD Coin'; symbol: 'USDC'; decimals: 6 }
  /** The Uniswap V2 deployment with its seeded pools (dex.ts). */
  dex: DexInfo
}

/** Addresses of one chain's DEX, as the stack hands them to the server. */
export interface DexInfo {
  factory: `0x${string}`
  router: `0x${string}`
  weth: `0x${string}`
  /** Tokens with a pool against the wrapped native token. */
  tokens: { address: `0x${string}`; name: string; symbol: string; decimals: number }[]
}
