import { parseUnits } from 'viem'
import { demoAddresses } from './accounts.ts'
import { startAnvil, type AnvilNode } from './anvil.ts'
import { deployToken, TOKEN_ADDRESS, TOKEN_INFO } from './token.ts'
import type { LocalChain } from './types.ts'

export { TOKEN_ABI, TOKEN_ADDRESS, TOKEN_INFO, mintToken } from './token.ts'
export { demoAccount, demoAddresses, deployerAccount } from './accounts.ts'
export { DEMO_MNEMONIC } from './anvil.ts'

export type { LocalChain } from './types.ts'

export interface LocalChains {
  chains: LocalChain[]
  /** The first 10 addresses of the demo mnemonic; anvil funds and unlocks them. */
  accounts: `0x${string}`[]
  stop(): Promise<void>
}

/** USDC minted to each of the first FUNDED_HOLDERS demo accounts at start-up. */
export const MINTED_USDC = '1000000'
export const FUNDED_HOLDERS = 3

/**
 * Starts one anvil per chain id (in parallel), deploys the token on each at TOKEN_ADDRESS
 * and mints 1,000,000 USDC to each of the first 3 demo accounts.
 */
export async function startChains(opts: { chainIds?: number[] } = {}): Promise<LocalChains> {
  const chainIds = opts.chainIds ?? [1, 137]
  if (new Set(chainIds).size !== chainIds.length) throw new Error('startChains: duplicate chain id')

  const started = await Promise.allSettled(chainIds.map((id) => startAnvil(id)))
  const nodes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()))
  }
  try {
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    const accounts = demoAddresses()
    const amount = parseUnits(MINTED_USDC, TOKEN_INFO.decimals)
    await Promise.all(nodes.map((n: AnvilNode) => deployToken(n.rpcUrl, n.chainId, accounts.slice(0, FUNDED_HOLDERS), amount)))
    const chains = nodes.map((n) => ({ chainId: n.chainId, rpcUrl: n.rpcUrl, token: { address: TOKEN_ADDRESS, ...TOKEN_INFO } }))
    return { chains, accounts, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
export { toViemChain } from './viem-chain.ts'
