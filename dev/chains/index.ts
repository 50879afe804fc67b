import { parseUnits } from 'viem'
import { demoAddresses } from './accounts.ts'
import { startAnvil, type AnvilNode } from './anvil.ts'
import { deployToken, mintToken, TOKEN_ADDRESS, TOKEN_INFO } from './token.ts'
import { deployDex, dexInfo, hasDex } from './dex.ts'
import type { LocalChain } from './types.ts'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

export { TOKEN_ABI, TOKEN_ADDRESS, TOKEN_INFO, mintToken } from './token.ts'
export { demoAccount, demoAddresses, deployerAccount } from './accounts.ts'
export { DEMO_MNEMONIC } from './anvil.ts'
export { DAI_INFO, ROUTER_ABI, dexAddresses } from './dex.ts'

export type { DexInfo, LocalChain } from './types.ts'

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
 * and mints 1,000,000 USDC to each of the first 3 demo accounts, then deploys the Uniswap V2 DEX
 * with seeded pools and DAI (dex.ts). With `stateDir` each chain
 * keeps its state there (chain-<id>.json) and a restart goes on from it, token included.
 */
export async function startChains(opts: { chainIds?: number[]; stateDir?: string } = {}): Promise<LocalChains> {
  const chainIds = opts.chainIds ?? [1, 137]
  if (new Set(chainIds).size !== chainIds.length) throw new Error('startChains: duplicate chain id')
  if (opts.stateDir) mkdirSync(opts.stateDir, { recursive: true })
  const stateFile = (id: number) => (opts.stateDir ? { stateFile: join(opts.stateDir, `chain-${id}.json`) } : {})

  const started = await Promise.allSettled(chainIds.map((id) => startAnvil(id, undefined, stateFile(id))))
  const nodes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()))
  }
  try {
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    const accounts = demoAddresses()
    const amount = parseUnits(MINTED_USDC, TOKEN_INFO.decimals)
    await Promise.all(nodes.map(async (n: AnvilNode) => {
      if (!(await hasToken(n.rpcUrl))) await deployToken(n.rpcUrl, n.chainId, accounts.slice(0, FUNDED_HOLDERS), amount)
      // The DEX needs the token for its pools; a restored chain keeps both.
      if (!(await hasDex(n.rpcUrl))) {
        await deployDex(n.rpcUrl, n.chainId)
        // The onramp sandbox pays buyers from the node's last unlocked account: it holds USDC to sell.
        await mintToken(n.rpcUrl, n.chainId, accounts[accounts.length - 1]!, amount)
      }
    }))
    const chains = nodes.map((n) => ({ chainId: n.chainId, rpcUrl: n.rpcUrl, token: { address: TOKEN_ADDRESS, ...TOKEN_INFO }, dex: dexInfo() }))
    return { chains, accounts, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
/** Whether the token is already deployed (a chain restored from its state file). */
async function hasToken(rpcUrl: string): Promise<boolean> {
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [TOKEN_ADDRESS, 'latest'] }) })
  const { result } = (await res.json()) as { result?: string }
  return !!result && result !== '0x'
}

export { toViemChain } from './viem-chain.ts'
