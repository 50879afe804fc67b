/**
 * The adapters' code-split parts that the loader fetches (see src/chunks.ts): each adapter
 * factory stays tiny and loads its implementation on first use.
 */
export const loadEip155 = () => import('./eip155/adapter')
export const loadSolana = () => import('./solana/adapter')
export const loadSolanaWallets = () => import('../lazy/solana/wallets')
export const loadTron = () => import('./tron/adapter')
