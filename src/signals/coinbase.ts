import type { ResolvedOptions } from './options'

/**
 * Coinbase Wallet's routes that reach only its EOA: the browser extension (EIP-6963 rdns) and
 * the mobile app over WalletConnect (catalogue id). Its smart wallet lives in Coinbase's own
 * popup (keys.coinbase.com), opened by Coinbase's SDK, which Postern does not load.
 */
const COINBASE_EOA = ['fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa', 'com.coinbase.wallet']

/**
 * The wallets hidden from every list: the site's excludeWalletIds and, with AppKit's
 * coinbasePreference 'smartWalletOnly', Coinbase's EOA routes (AppKit's Coinbase connector then
 * never connects the extension or the app). 'all' and 'eoaOnly' list Coinbase as usual.
 */
export function excludedWallets(options: Pick<ResolvedOptions, 'excludeWalletIds' | 'coinbasePreference'>): string[] {
  const list = options.excludeWalletIds ?? []
  return options.coinbasePreference === 'smartWalletOnly' ? [...list, ...COINBASE_EOA] : list
}
