// Wallet Standard discovery for the Solana adapter: the app side of the registry, in its own
// small chunk so the loader never carries it.
export { getWallets } from '@wallet-standard/app'
export type { Wallets } from '@wallet-standard/app'
