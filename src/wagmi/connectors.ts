import type { Connector as WagmiConnector } from '@wagmi/core'
import type { AdapterContext, Connector } from '../types'

/** wagmi's id of its `injected()` connector: window.ethereum, shown as 'Browser Wallet'. */
export const INJECTED_ID = 'injected'

/**
 * The modal's list from wagmi's connectors, as AppKit shows them: EIP-6963 wallets (wagmi keys
 * them by rdns) as announced, window.ethereum as 'Browser Wallet' unless an announced wallet is
 * the same provider, any other connector the site gave wagmi as external. The site's
 * enableInjected, enableEIP6963 and excludeWalletIds apply.
 */
export function modalConnectors(
  connectors: readonly WagmiConnector[],
  providers: ReadonlyMap<string, unknown>,
  settings: AdapterContext['settings'],
): Connector[] {
  const excluded = new Set(settings.excluded.map((s) => s.toLowerCase()))
  // wagmi keys the wallets it finds by EIP-6963 by their rdns: every other injected connector.
  const announced = connectors.filter((c) => c.type === 'injected' && c.id !== INJECTED_ID)
  const legacy = providers.get(INJECTED_ID)
  const list: Connector[] = []
  for (const c of connectors) {
    // The modal lists its own WalletConnect and login entries; wagmi's follow the connections it makes.
    if (c.id === 'walletConnect' || c.id === 'AUTH') continue
    if ([c.id, c.name, ...[c.rdns ?? []].flat()].some((k) => excluded.has(String(k).toLowerCase()))) continue
    const rdns = (c.rdns ? [c.rdns].flat()[0] : undefined) ?? c.id
    if (c.id === INJECTED_ID) {
      if (!settings.enableInjected || !legacy || excluded.has('browser wallet')) continue
      if (announced.some((a) => providers.get(a.id) === legacy)) continue
      list.push(entry(c, 'Browser Wallet', 'INJECTED'))
    } else if (c.type === 'injected') {
      if (!settings.enableEIP6963) continue
      list.push({ ...entry(c, c.name, 'ANNOUNCED'), info: { rdns } })
    } else {
      list.push(entry(c, c.name, 'EXTERNAL'))
    }
  }
  return list
}

function entry(c: WagmiConnector, name: string, type: Connector['type']): Connector {
  const icon = c.icon && (c.icon.startsWith('data:image/') || c.icon.startsWith('https://')) ? c.icon : undefined
  return { id: c.id, uid: `eip155:${c.id}`, name, type, chain: 'eip155', imageUrl: icon, installed: type !== 'EXTERNAL' }
}
