import type { Network } from '../../types'

/** The clusters behind the spec's three Solana network ids (first 32 characters of the genesis hash). */
const CLUSTERS: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The Wallet Standard chain of a network: wallets name clusters (solana:mainnet), CAIP-2 uses
 * genesis hashes. Any other network keeps its CAIP id (solana:localnet stays solana:localnet).
 */
export function walletChainFor(network: Network): `solana:${string}` {
  return (CLUSTERS[String(network.id)] ?? network.caipNetworkId) as `solana:${string}`
}

/** Whether a chain list (a wallet's or an account's) serves the network, in either naming. */
export function servesNetwork(chains: readonly string[], network: Network): boolean {
  return chains.includes(walletChainFor(network)) || chains.includes(network.caipNetworkId)
}

export const isSolanaChain = (chain: unknown): boolean => typeof chain === 'string' && chain.startsWith('solana:')
