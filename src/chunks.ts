/**
 * Every code-split part the loader may fetch, in one place. The CDN classic build swaps
 * this module for one that imports the same chunks relative to the script's own URL.
 */
export const loadModal = () => import('./views/mount')
export const loadEip155 = () => import('./adapters/eip155/adapter')
export const loadEvm = () => import('./lazy/evm/index')
export const loadRuntime = () => import('./signals/runtime')
export const loadAllWallets = () => import('./views/AllWallets')
export const loadWalletCatalogue = () => import('./signals/catalogue')
export const loadSolana = () => import('./adapters/solana/adapter')
export const loadSolanaWallets = () => import('./lazy/solana/wallets')
export const loadSolanaRpc = () => import('./lazy/solana/index')
export const loadInAppBrowser = () => import('./lazy/solana/browse')
export const loadAccountViews = () => import('./views/account-views')
export const loadConnectingExternal = () => import('./views/ConnectingExternal')
export const loadWalletConnect = () => import('./lazy/walletconnect/index')
export const loadQr = () => import('./lazy/qr/index')
export const loadWalletConnectViews = () => import('./views/ConnectingWalletConnectBasic')
