/**
 * Chunks that only other chunks fetch (never the loader), declared in one place. These are
 * ordinary relative import()s in every build, the classic CDN one included.
 */
export const loadEvm = () => import('./lazy/evm/index')
export const loadAllWallets = () => import('./views/AllWallets')
export const loadWalletCatalogue = () => import('./signals/catalogue')
export const loadSolanaRpc = () => import('./lazy/solana/index')
export const loadInAppBrowser = () => import('./lazy/solana/browse')
export const loadAccountViews = () => import('./views/account-views')
export const loadConnectingExternal = () => import('./views/ConnectingExternal')
export const loadQr = () => import('./lazy/qr/index')
export const loadWalletConnectViews = () => import('./views/ConnectingWalletConnectBasic')
