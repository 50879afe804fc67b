/** One local EVM chain as the stack hands it to services and tests. */
export interface LocalChain {
  chainId: number
  rpcUrl: string
  token: { address: `0x${string}`; name: 'USD Coin'; symbol: 'USDC'; decimals: 6 }
}
