import * as v from 'valibot'
import type { Connector } from '../../types'
import type { Eip1193Provider } from './provider'

const AnnounceSchema = v.object({
  info: v.object({ uuid: v.string(), name: v.pipe(v.string(), v.minLength(1)), icon: v.string(), rdns: v.pipe(v.string(), v.minLength(1)) }),
  provider: v.custom<Eip1193Provider>((p) => !!p && typeof (p as Eip1193Provider).request === 'function'),
})

export interface DiscoveredWallet {
  connector: Connector
  provider: Eip1193Provider
}

interface Settings {
  enableInjected: boolean
  enableEIP6963: boolean
  excluded: readonly string[]
}

export const LEGACY_ID = 'injected'

/**
 * EIP-6963: listens for announcements (now and later) and asks wallets to announce. One wallet
 * per rdns; window.ethereum becomes 'Browser Wallet' only when no announced wallet is the same
 * provider. Calls onChange with the whole list whenever it changes; returns a stop function.
 */
export function discoverWallets(settings: Settings, onChange: (wallets: DiscoveredWallet[]) => void): () => void {
  const byId = new Map<string, DiscoveredWallet>()
  const excluded = new Set(settings.excluded.map((s) => s.toLowerCase()))
  const publish = () => onChange([...byId.values()])

  const addLegacy = () => {
    const legacy = (window as { ethereum?: Eip1193Provider }).ethereum
    if (!settings.enableInjected || !legacy || typeof legacy.request !== 'function') return
    if ([...byId.values()].some((w) => w.provider === legacy) || excluded.has(LEGACY_ID) || excluded.has('browser wallet')) return
    byId.set(LEGACY_ID, { provider: legacy, connector: connectorFor(LEGACY_ID, 'Browser Wallet', 'INJECTED') })
  }

  const onAnnounce = (event: Event) => {
    const parsed = v.safeParse(AnnounceSchema, (event as CustomEvent).detail)
    if (!parsed.success) return
    const { info, provider } = parsed.output
    if (byId.has(info.rdns) || [info.rdns, info.name, info.uuid].some((k) => excluded.has(k.toLowerCase()))) return
    // An announced wallet that is also window.ethereum replaces the generic entry.
    if (byId.get(LEGACY_ID)?.provider === provider) byId.delete(LEGACY_ID)
    const icon = info.icon.startsWith('data:image/') || info.icon.startsWith('https://') ? info.icon : undefined
    byId.set(info.rdns, { provider, connector: { ...connectorFor(info.rdns, info.name, 'ANNOUNCED', icon), info: { rdns: info.rdns, uuid: info.uuid } } })
    publish()
  }

  if (settings.enableEIP6963) {
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  addLegacy()
  publish()
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
}

function connectorFor(id: string, name: string, type: Connector['type'], imageUrl?: string): Connector {
  return { id, uid: `eip155:${id}`, name, type, chain: 'eip155', imageUrl, installed: true }
}
