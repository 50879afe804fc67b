import type { Network } from '../types'

/** The Wallet Standard chains (bitcoin:mainnet, ...) behind the CAIP-2 ids (first 32 hex digits of the genesis hash). */
const WALLET_CHAINS: Record<string, `bitcoin:${string}`> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  '00000008819873e925422c1ff0f99f7c': 'bitcoin:signet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
}

/** The Wallet Standard chain of a network; any other network keeps its CAIP id. */
export function walletChainFor(network: Network): string {
  return WALLET_CHAINS[String(network.id)] ?? network.caipNetworkId
}

/** The CAIP-2 reference (genesis prefix) of a Wallet Standard chain (bitcoin:testnet, ...); undefined for one not known here. */
export function chainIdOfWalletChain(chain: string): string | undefined {
  return Object.keys(WALLET_CHAINS).find((id) => WALLET_CHAINS[id] === chain)
}

/** Whether a chain list (a wallet's or an account's) serves the network, in either naming. */
export function servesNetwork(chains: readonly string[], network: Network): boolean {
  return chains.includes(walletChainFor(network)) || chains.includes(network.caipNetworkId)
}

export const isBitcoinChain = (chain: unknown): boolean => typeof chain === 'string' && (chain.startsWith('bitcoin:') || chain.startsWith('bip122:'))

/** The address format of a network: mainnet addresses (bc1, 1, 3) or the test networks' (tb1/bcrt1, m/n, 2). */
export type BitcoinNet = 'mainnet' | 'testnet' | 'regtest'
export function netOf(network: Network): BitcoinNet {
  const chain = walletChainFor(network)
  return chain === 'bitcoin:mainnet' ? 'mainnet' : chain === 'bitcoin:regtest' ? 'regtest' : 'testnet'
}

/** The address format of a bip122 CAIP-2 chain id (bip122:<genesis>); undefined for a chain not known here. */
export function netOfChainId(caipNetworkId: string): BitcoinNet | undefined {
  const chain = /^bip122:/.test(caipNetworkId) ? WALLET_CHAINS[caipNetworkId.slice(7)] : undefined
  return chain && (chain === 'bitcoin:mainnet' ? 'mainnet' : chain === 'bitcoin:regtest' ? 'regtest' : 'testnet')
}
