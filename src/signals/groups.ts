import type { CatalogueWallet, Connector } from '../types'
import { CONNECTOR_GROUP_ORDER, connectorGroup, type ConnectorGroup } from './connection'


export interface ConnectEntry {
  key: string
  group: ConnectorGroup
  name: string
  imageUrl?: string
  connector?: Connector
  wallet?: CatalogueWallet
}

export interface GroupInput {
  connectors: readonly Connector[]
  recent: readonly CatalogueWallet[]
  featured: readonly CatalogueWallet[]
  custom: readonly CatalogueWallet[]
  recommended: readonly CatalogueWallet[]
  excluded: readonly string[]
  /** features.connectorTypeOrder: these groups first, the rest in the default order (AppKit's rule). */
  order?: readonly ConnectorGroup[]
}

/**
 * Orders what Connect lists by the spec's group order; a wallet shows once, in its first group,
 * and an installed connector always wins over the same wallet from the catalogue.
 */
export function groupConnectors(input: GroupInput): ConnectEntry[] {
  const excluded = new Set(input.excluded.map((s) => s.toLowerCase()))
  const isExcluded = (...keys: (string | null | undefined)[]) => keys.some((k) => !!k && excluded.has(k.toLowerCase()))
  const seen = new Set<string>()
  const claim = (...keys: (string | null | undefined)[]) => {
    const live = keys.filter((k): k is string => !!k).map((k) => k.toLowerCase())
    if (live.some((k) => seen.has(k))) return false
    for (const k of live) seen.add(k)
    return true
  }
  const entries: ConnectEntry[] = []
  const installed = input.connectors.filter((c) => !isExcluded(c.id, c.explorerId, c.info?.rdns, c.name))
  const byWallet = (w: CatalogueWallet) => installed.find((c) => (w.rdns && c.info?.rdns === w.rdns) || c.explorerId === w.id)

  const fromConnector = (group: ConnectorGroup, c: Connector) => {
    if (claim(c.uid, c.explorerId, c.info?.rdns, c.name)) entries.push({ key: c.uid, group, name: c.name, imageUrl: c.imageUrl, connector: c })
  }
  const fromWallet = (group: ConnectorGroup, w: CatalogueWallet) => {
    if (isExcluded(w.id, w.rdns, w.name)) return
    const connector = byWallet(w)
    if (claim(w.id, w.rdns, connector?.uid, connector?.name ?? w.name)) {
      entries.push({ key: w.id, group, name: w.name, imageUrl: connector?.imageUrl ?? w.image_url, connector, wallet: w })
    }
  }

  const order = [...new Set([...(input.order ?? []), ...CONNECTOR_GROUP_ORDER])].filter((g) => CONNECTOR_GROUP_ORDER.includes(g))
  for (const group of order) {
    if (group === 'recent') input.recent.forEach((w) => fromWallet(group, w))
    else if (group === 'featured') input.featured.forEach((w) => fromWallet(group, w))
    else if (group === 'custom') input.custom.forEach((w) => fromWallet(group, w))
    else if (group === 'recommended') input.recommended.forEach((w) => fromWallet(group, w))
    else installed.filter((c) => connectorGroup(c.type) === group).forEach((c) => fromConnector(group, c))
  }
  return entries
}
