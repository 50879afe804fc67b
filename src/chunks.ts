/**
 * Every code-split part the loader itself may fetch. The CDN classic build swaps this module
 * for one that imports the same chunks relative to the script's own URL. Keep it to what the
 * loader needs: the whole file ships in the loader. Chunks fetched from other chunks are
 * declared in lazy-chunks.ts.
 */
export const loadModal = () => import('./views/mount')
export const loadEip155 = () => import('./adapters/eip155/adapter')
export const loadRuntime = () => import('./signals/runtime')
export const loadSolana = () => import('./adapters/solana/adapter')
export const loadSolanaWallets = () => import('./lazy/solana/wallets')
export const loadWalletConnect = () => import('./lazy/walletconnect/index')
