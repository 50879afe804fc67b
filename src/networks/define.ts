import type { ChainNamespace, Network } from '../types'

/** Builds a network with its CAIP id derived, so the two can never disagree. */
/* @__NO_SIDE_EFFECTS__ */
export function defineNetwork(
  network: Omit<Network, 'caipNetworkId' | 'chainNamespace'> & { chainNamespace?: ChainNamespace },
): Network {
  const chainNamespace = network.chainNamespace ?? 'eip155'
  return { ...network, chainNamespace, caipNetworkId: `${chainNamespace}:${network.id}` }
}

/** AppKit's defineChain: a network given whole (CAIP id and namespace included), viem's extras unset. */
/* @__NO_SIDE_EFFECTS__ */
export function defineChain<const T extends Network>(chain: T): T & { formatters: undefined; fees: undefined; serializers: undefined } {
  return { formatters: undefined, fees: undefined, serializers: undefined, ...chain }
}

/** AppKit's AVAILABLE_NAMESPACES (@reown/appkit-common NetworkUtil). */
export const AVAILABLE_NAMESPACES: ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks']
