// postern/networks: every network AppKit 1.8's @reown/appkit/networks exports, under its names:
// viem's chains (networks/evm.ts, generated from viem/chains by build/networks.mjs) and the
// chains AppKit 1.8's viem had and the installed one dropped (networks/retired.ts), and the
// Solana, Bitcoin, TON and TRON networks. Each is its own export, so a site's bundler keeps only
// the ones it imports.
export type { Network } from './types'
export type { AppKitNetwork, CaipNetwork, CaipNetworkId, ChainNamespace, CustomCaipNetwork } from './appkit-types'
export { defineNetwork, defineChain, AVAILABLE_NAMESPACES } from './networks/define'
export * from './networks/evm'
export * from './networks/retired'
export * from './networks/others'
