import type { ChainNamespace, Network } from './types'

export type { Network } from './types'

/** Builds a network with its CAIP id derived, so the two can never disagree. */
/* @__NO_SIDE_EFFECTS__ */
export function defineNetwork(
  network: Omit<Network, 'caipNetworkId' | 'chainNamespace'> & { chainNamespace?: ChainNamespace },
): Network {
  const chainNamespace = network.chainNamespace ?? 'eip155'
  return { ...network, chainNamespace, caipNetworkId: `${chainNamespace}:${network.id}` }
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const rpc = (url: string) => ({ default: { http: [url] } })
const explorer = (name: string, url: string) => ({ default: { name, url } })

export const mainnet = defineNetwork({ id: 1, name: 'Ethereum', nativeCurrency: ether, rpcUrls: rpc('https://eth.merkle.io'), blockExplorers: explorer('Etherscan', 'https://etherscan.io') })
export const sepolia = defineNetwork({ id: 11155111, name: 'Sepolia', nativeCurrency: { ...ether, name: 'Sepolia Ether' }, rpcUrls: rpc('https://sepolia.drpc.org'), blockExplorers: explorer('Etherscan', 'https://sepolia.etherscan.io'), testnet: true })
export const polygon = defineNetwork({ id: 137, name: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: rpc('https://polygon-rpc.com'), blockExplorers: explorer('PolygonScan', 'https://polygonscan.com') })
export const optimism = defineNetwork({ id: 10, name: 'OP Mainnet', nativeCurrency: ether, rpcUrls: rpc('https://mainnet.optimism.io'), blockExplorers: explorer('Optimism Explorer', 'https://optimistic.etherscan.io') })
export const arbitrum = defineNetwork({ id: 42161, name: 'Arbitrum One', nativeCurrency: ether, rpcUrls: rpc('https://arb1.arbitrum.io/rpc'), blockExplorers: explorer('Arbiscan', 'https://arbiscan.io') })
export const base = defineNetwork({ id: 8453, name: 'Base', nativeCurrency: ether, rpcUrls: rpc('https://mainnet.base.org'), blockExplorers: explorer('Basescan', 'https://basescan.org') })
export const bsc = defineNetwork({ id: 56, name: 'BNB Smart Chain', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: rpc('https://56.rpc.thirdweb.com'), blockExplorers: explorer('BscScan', 'https://bscscan.com') })
export const avalanche = defineNetwork({ id: 43114, name: 'Avalanche', nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 }, rpcUrls: rpc('https://api.avax.network/ext/bc/C/rpc'), blockExplorers: explorer('SnowTrace', 'https://snowtrace.io') })
export const gnosis = defineNetwork({ id: 100, name: 'Gnosis', nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 }, rpcUrls: rpc('https://rpc.gnosischain.com'), blockExplorers: explorer('Gnosisscan', 'https://gnosisscan.io') })
export const zksync = defineNetwork({ id: 324, name: 'ZKsync Era', nativeCurrency: ether, rpcUrls: rpc('https://mainnet.era.zksync.io'), blockExplorers: explorer('Etherscan', 'https://era.zksync.network') })

export const solana = defineNetwork({ id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: rpc('https://api.mainnet-beta.solana.com'), blockExplorers: explorer('Solscan', 'https://solscan.io') })
export const solanaDevnet = defineNetwork({ id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana Devnet', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: rpc('https://api.devnet.solana.com'), blockExplorers: explorer('Solscan', 'https://solscan.io'), testnet: true })
export const solanaTestnet = defineNetwork({ id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', name: 'Solana Testnet', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: rpc('https://api.testnet.solana.com'), blockExplorers: explorer('Solscan', 'https://solscan.io'), testnet: true })
/** A local validator (solana-test-validator, or the dev stack's ledger): wallets call this chain solana:localnet. */
export const solanaLocal = defineNetwork({ id: 'localnet', name: 'Solana Localnet', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: rpc('http://127.0.0.1:8899'), testnet: true })
