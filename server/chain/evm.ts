import { BaseError, ContractFunctionZeroDataError, createPublicClient, erc20Abi, http, type Address, type PublicClient } from 'viem'

/** A token an operator vouches for on one chain. */
export interface TokenInfo {
  address: Address
  name: string
  symbol: string
  decimals: number
}

/** One EVM chain the server serves, as options and the environment give it. */
export interface EvmChainOptions {
  chainId: number
  rpcUrl: string
  /** A token to list in balances and never flag as spam (the local stack's USDC). */
  token?: TokenInfo
  /** A Uniswap V2 deployment the convert endpoints quote and build on (dex.ts). */
  dex?: DexOptions
}

/** A Uniswap V2 router with its WETH and the tokens it offers; those tokens are trusted too. */
export interface DexOptions {
  router: Address
  weth: Address
  tokens: TokenInfo[]
}

/** Live reads of one EVM chain. */
export class EvmChain {
  readonly chainId: number
  readonly caip: `eip155:${number}`
  readonly client: PublicClient
  readonly trusted: TokenInfo[]
  readonly dex: DexOptions | undefined

  constructor(opts: EvmChainOptions) {
    this.chainId = opts.chainId
    this.caip = `eip155:${opts.chainId}`
    this.trusted = opts.token ? [opts.token] : []
    for (const t of opts.dex?.tokens ?? []) if (!this.trusted.some((k) => k.address.toLowerCase() === t.address.toLowerCase())) this.trusted.push(t)
    this.dex = opts.dex
    // Batching folds the many block reads of an indexer round into few HTTP requests.
    this.client = createPublicClient({ transport: http(opts.rpcUrl, { batch: { batchSize: 100 }, retryCount: 0, timeout: 5_000 }) })
  }

  /**
   * The native balance and each token's balance of `owner`, in one HTTP request to the node (the
   * transport batches eth_getBalance and the balanceOf calls issued together). A token with no
   * contract here answers nothing and holds nothing; a balanceOf that reverts fails the read.
   * (A deployless Multicall3 was measured slower: the node builds the contract on every call.)
   */
  balancesOf(owner: Address, tokens: Address[]): Promise<[bigint, ...bigint[]]> {
    const balanceOf = (token: Address) =>
      this.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }).catch((error: unknown) => {
        if (error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionZeroDataError)) return 0n
        throw error
      })
    return Promise.all([this.client.getBalance({ address: owner }), ...tokens.map(balanceOf)])
  }
}
