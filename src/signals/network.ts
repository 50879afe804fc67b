import { computed, signal } from '@preact/signals-core'
import type { CaipNetworkId, ChainNamespace, Network } from '../types'
import type { ResolvedOptions } from './options'

export function createNetworkState(options: ResolvedOptions) {
  const initial = options.defaultNetwork ?? options.networks[0]!
  const networks = signal<Network[]>(options.networks)
  const activeCaipNetworkId = signal<CaipNetworkId>(initial.caipNetworkId)
  const activeNamespace = signal<ChainNamespace>(initial.chainNamespace)
  // The last network chosen in each namespace, so switching namespace restores it.
  const byNamespace = signal<Partial<Record<ChainNamespace, CaipNetworkId>>>({ [initial.chainNamespace]: initial.caipNetworkId })
  /** A network a wallet reported that the site did not configure. */
  const unsupported = signal(false)
  const activeNetwork = computed(
    () => networks.value.find((n) => n.caipNetworkId === activeCaipNetworkId.value) ?? networks.value[0]!,
  )
  return { networks, activeCaipNetworkId, activeNamespace, byNamespace, unsupported, activeNetwork }
}

export function findNetwork(networks: readonly Network[], id: string | number, namespace?: ChainNamespace): Network | undefined {
  const text = String(id)
  return networks.find(
    // A chain id as sessions give it ('mainnet' of sui:mainnet) also finds a network whose id differs (784).
    (n) => n.caipNetworkId === text || (namespace && n.caipNetworkId === `${namespace}:${text}`) || (String(n.id) === text && (!namespace || n.chainNamespace === namespace)),
  )
}
