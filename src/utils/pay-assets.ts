// AppKit Pay's asset helpers (its AssetUtil), without state: the entry and the views' chunk each
// may hold them.
import { AppKitPayError, AppKitPayErrorCodes } from './pay-errors'
import type { CaipNetworkId } from './pay-types'

/** AppKit's formatCaip19Asset: the native coin by its SLIP-44 type, a token by its standard. */
export function formatCaip19Asset(network: CaipNetworkId, asset: string): string {
  const [namespace, chainId] = network.split(':')
  const native = asset === 'native'
  if (namespace === 'eip155') return `${network}/${native ? `slip44:${chainId === '56' || chainId === '204' ? '714' : '60'}` : `erc20:${asset}`}`
  if (namespace === 'solana') return `${network}/${native ? 'slip44:501' : `token:${asset}`}`
  throw new AppKitPayError(AppKitPayErrorCodes.INVALID_CHAIN_NAMESPACE, `Unsupported chain namespace for CAIP-19 formatting: ${namespace}`)
}

/** AppKit's isPayWithWalletSupported: a wallet pays on EVM and Solana networks. */
export const isPayWithWalletSupported = (network: string) => ['eip155', 'solana'].includes(network.split(':')[0]!)
