export { eip155 } from './eip155'
export { solana } from './solana'
export type { ChainAdapter, Connector, AdapterContext, ConnectResult, TokenBalance } from '../types'
export type { SolanaWalletProvider, SolanaSendOptions } from './solana/provider'
