// The local OP Mainnet (chain id 10, an anvil of its own) with the Farcaster IdRegistry stand-in
// (IdRegistry.sol) on it: the relay registers fids there, and the auth service reads each fid's
// custody address from it, as it would from Farcaster's registry on OP Mainnet.
import { readFileSync } from 'node:fs'
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, type Address, type Hex } from 'viem'
import { startAnvil } from '../chains/anvil.ts'
import { demoAccount } from '../chains/accounts.ts'
import { minedReceipt } from '../chains/receipt.ts'

export const OP_MAINNET_CHAIN_ID = 10

/** Farcaster's IdRegistry ABI as far as this stand-in has it (custodyOf and idOf match the real one). */
export const ID_REGISTRY_ABI = parseAbi([
  'function custodyOf(uint256 fid) view returns (address)',
  'function idOf(address owner) view returns (uint256)',
  'function registerFor(uint256 fid, address custody)',
])

export interface IdRegistryChain {
  /** The OP Mainnet stand-in's JSON-RPC URL. */
  rpcUrl: string
  /** The IdRegistry's address there. */
  address: Address
  /** Gives the fid to the custody address (or moves it), mined before this resolves. */
  register(fid: number, custody: Address): Promise<void>
  stop(): Promise<void>
}

function artifact(): { abi: unknown[]; bytecode: Hex } {
  return JSON.parse(readFileSync(new URL('./id-registry.json', import.meta.url), 'utf8')) as { abi: unknown[]; bytecode: Hex }
}

export async function startIdRegistry(): Promise<IdRegistryChain> {
  const node = await startAnvil(OP_MAINNET_CHAIN_ID)
  try {
    const chain = defineChain({ id: OP_MAINNET_CHAIN_ID, name: 'OP Mainnet (local)', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [node.rpcUrl] } } })
    const transport = http(node.rpcUrl, { retryCount: 0 })
    const reader = createPublicClient({ chain, transport })
    // Demo account 9 is the registrar; the demo chains' accounts are untouched here.
    const wallet = createWalletClient({ chain, transport, account: demoAccount(9) })
    const mined = async (hash: Hex) => {
      const receipt = await minedReceipt(reader, hash)
      if (receipt.status !== 'success') throw new Error(`IdRegistry transaction ${hash} reverted`)
      return receipt
    }
    const deployed = await mined(await wallet.deployContract({ abi: artifact().abi, bytecode: artifact().bytecode }))
    const address = deployed.contractAddress!
    // One registration at a time: each takes the registrar's next nonce.
    let queue: Promise<unknown> = Promise.resolve()
    return {
      rpcUrl: node.rpcUrl,
      address,
      register(fid, custody) {
        const done = queue.then(async () => {
          await mined(await wallet.writeContract({ address, abi: ID_REGISTRY_ABI, functionName: 'registerFor', args: [BigInt(fid), custody] }))
        })
        queue = done.catch(() => undefined)
        return done
      },
      stop: () => node.stop(),
    }
  } catch (error) {
    await node.stop()
    throw error
  }
}
