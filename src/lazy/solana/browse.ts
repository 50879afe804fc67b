import type { Store } from '../../signals/store'
import type { ChainNamespace, Connector } from '../../types'
import { safeUrl } from '../../utils/url'

type Named = { name: string; rdns?: string | null }
const PHANTOM = { name: 'Phantom', rdns: 'app.phantom' }
const COINBASE = { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' }

const is = (wallet: Named, known: Named) => wallet.name === known.name || (!!wallet.rdns && wallet.rdns === known.rdns)

/**
 * SPEC section 2: on mobile, choosing Phantom without its extension opens this page in Phantom's
 * in-app browser; choosing Coinbase Wallet on Solana without its (Solana) extension does the
 * same in Coinbase Wallet. The link, or undefined when neither applies.
 */
export function inAppBrowserLink(wallet: Named, connectors: readonly Connector[], namespace: ChainNamespace, page: string): string | undefined {
  const installed = (known: Named, chain?: ChainNamespace) =>
    connectors.some((c) => (!chain || c.chain === chain) && is({ name: c.name, rdns: c.info?.rdns }, known))
  const url = encodeURIComponent(page)
  if (is(wallet, PHANTOM) && !installed(PHANTOM)) return `https://phantom.app/ul/browse/${url}?ref=${encodeURIComponent(new URL(page).origin)}`
  if (is(wallet, COINBASE) && namespace === 'solana' && !installed(COINBASE, 'solana')) return `https://go.cb-w.com/dapp?cb_url=${url}`
  return undefined
}

/** Leaves for the wallet's in-app browser when the rule applies (the caller checked for mobile); true if it did. */
export function openInAppBrowser(store: Store, wallet: Named): boolean {
  const link = safeUrl(inAppBrowserLink(wallet, store.connection.connectors.peek(), store.network.activeNamespace.peek(), location.href))
  if (link) location.assign(link)
  return !!link
}
