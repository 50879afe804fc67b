// The non-EVM networks AppKit 1.8 exports from @reown/appkit/networks (Solana, Bitcoin, TON,
// TRON), under its names and ids. RPC URLs are the chains' public endpoints, not a vendor's.
// Plain literals, so that a bundler drops every one a site does not import.
import type { Network } from '../types'

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const btc = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
const tonCoin = { name: 'TON', symbol: 'TON', decimals: 9 }
const trx = { name: 'TRX', symbol: 'TRX', decimals: 6 }

export const solana: Network = { id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } }, blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } }, testnet: false, caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }
export const solanaDevnet: Network = { id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana Devnet', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } }, blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } }, testnet: true, caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }
export const solanaTestnet: Network = { id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', name: 'Solana Testnet', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } }, blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } }, testnet: true, caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z' }
/** Postern's own: a local validator (solana-test-validator, or the dev stack's ledger): wallets call this chain solana:localnet. */
export const solanaLocal: Network = { id: 'localnet', name: 'Solana Localnet', chainNamespace: 'solana', nativeCurrency: sol, rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } }, testnet: true, caipNetworkId: 'solana:localnet' }

export const bitcoin: Network = { id: '000000000019d6689c085ae165831e93', name: 'Bitcoin', chainNamespace: 'bip122', nativeCurrency: btc, rpcUrls: { default: { http: ['https://mempool.space/api'] } }, caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' }
export const bitcoinTestnet: Network = { id: '000000000933ea01ad0ee984209779ba', name: 'Bitcoin Testnet', chainNamespace: 'bip122', nativeCurrency: btc, rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } }, testnet: true, caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba' }
export const bitcoinSignet: Network = { id: '00000008819873e925422c1ff0f99f7c', name: 'Bitcoin Signet', chainNamespace: 'bip122', nativeCurrency: btc, rpcUrls: { default: { http: ['https://mempool.space/signet/api'] } }, testnet: true, caipNetworkId: 'bip122:00000008819873e925422c1ff0f99f7c' }
/** Postern's own: a local regtest node behind an Esplora API (the dev stack's ledger); wallets call this chain bitcoin:regtest. */
export const bitcoinRegtest: Network = { id: '0f9188f13cb7b2c71f2a335e3a4fc328', name: 'Bitcoin Regtest', chainNamespace: 'bip122', nativeCurrency: btc, rpcUrls: { default: { http: ['http://127.0.0.1:3002'] } }, testnet: true, caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' }

export const ton: Network = { id: '-239', name: 'TON', chainNamespace: 'ton', nativeCurrency: tonCoin, rpcUrls: { default: { http: ['https://toncenter.com/api/v2/jsonRPC'] } }, blockExplorers: { default: { name: 'Tonscan', url: 'https://tonscan.org' } }, testnet: false, caipNetworkId: 'ton:-239' }
export const tonTestnet: Network = { id: '-3', name: 'TON Testnet', chainNamespace: 'ton', nativeCurrency: tonCoin, rpcUrls: { default: { http: ['https://testnet.toncenter.com/api/v2/jsonRPC'] } }, blockExplorers: { default: { name: 'Tonscan', url: 'https://testnet.tonscan.org' } }, testnet: true, caipNetworkId: 'ton:-3' }

export const tronMainnet: Network = { id: '0x2b6653dc', name: 'TRON', chainNamespace: 'tron', nativeCurrency: trx, rpcUrls: { default: { http: ['https://api.trongrid.io'] } }, blockExplorers: { default: { name: 'Tronscan', url: 'https://tronscan.org' } }, testnet: false, caipNetworkId: 'tron:0x2b6653dc' }
export const tronNileTestnet: Network = { id: '0xcd8690dc', name: 'TRON Nile', chainNamespace: 'tron', nativeCurrency: trx, rpcUrls: { default: { http: ['https://nile.trongrid.io'] } }, blockExplorers: { default: { name: 'Tronscan', url: 'https://nile.tronscan.org' } }, testnet: true, caipNetworkId: 'tron:0xcd8690dc' }
export const tronShastaTestnet: Network = { id: '0x94a9059e', name: 'TRON Shasta', chainNamespace: 'tron', nativeCurrency: trx, rpcUrls: { default: { http: ['https://api.shasta.trongrid.io'] } }, blockExplorers: { default: { name: 'Tronscan', url: 'https://shasta.tronscan.org' } }, testnet: true, caipNetworkId: 'tron:0x94a9059e' }
/** Postern's own: a local TRON node's HTTP API (java-tron's default port; the dev stack's node in dev/tron). */
export const tronLocal: Network = { id: '0x504f5354', name: 'TRON Local', chainNamespace: 'tron', nativeCurrency: trx, rpcUrls: { default: { http: ['http://127.0.0.1:8090'] } }, testnet: true, caipNetworkId: 'tron:0x504f5354' }
