/**
 * The connection runtime: starting adapters, reconnecting, connecting, switching and
 * disconnecting. Loaded after the loader (at createAppKit in a browser), so buttons render first.
 */
export { startAdapters } from './adapters'
export { connectWallet, disconnectWallet, switchNetwork, refreshBalance } from './wallet'
