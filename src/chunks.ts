/**
 * The code-split parts the loader itself fetches for an instance (adapters declare theirs in
 * adapters/chunks.ts). The CDN classic build swaps every chunks.ts for loaders that fetch the
 * same chunks relative to the script's own URL. Keep it to what the loader needs: the whole
 * file ships in the loader. Chunks fetched from other chunks are plain relative import()s.
 */
export const loadModal = () => import('./views/mount')
export const loadRuntime = () => import('./signals/runtime')
export const loadWalletConnect = () => import('./lazy/walletconnect/index')
export const loadActions = () => import('./signals/actions')
export const loadEmbedded = () => import('./lazy/embedded/driver')
export const loadAnalytics = () => import('./lazy/analytics/index')
