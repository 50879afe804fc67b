import type { ChainHandler } from './chain-handler.ts'
import { cosmosHandler } from './cosmos.ts'
import { polkadotHandler } from './polkadot.ts'
import { stacksHandler } from './stacks.ts'
import { suiHandler } from './sui.ts'
import { tonHandler } from './ton.ts'

/** Every namespace the WalletConnect test wallet can serve beside eip155 (TON only with a TON API; Sui executes on the chains it has a node for). */
export async function walletChains({ tonApiUrl, suiRpcUrls }: { tonApiUrl?: string; suiRpcUrls?: Record<string, string> } = {}): Promise<ChainHandler[]> {
  return [...(tonApiUrl ? [await tonHandler({ apiUrl: tonApiUrl })] : []), suiHandler({ rpcUrls: suiRpcUrls }), await polkadotHandler(), await cosmosHandler(), stacksHandler()]
}
