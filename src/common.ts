// postern/common: what sites take from AppKit 1.8's @reown/appkit-common: its network and CAIP
// types, AVAILABLE_NAMESPACES and ParseUtil. AppKit's other helpers there (NumberUtil, DateUtil,
// SafeLocalStorage, ...) are its own internals, not part of switching.
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types'

export type {
  AppKitNetwork, CaipAddress, CaipNetwork, CaipNetworkId, ChainId, ChainNamespace, ConnectorType, CustomCaipNetwork, InferredCaipNetwork,
  SocialProvider, ThemeMode, ThemeVariables,
} from './appkit-types'
export { AVAILABLE_NAMESPACES } from './networks/define'

export interface ParsedCaipAddress {
  chainNamespace: ChainNamespace
  chainId: string | number
  address: string
}

/** AppKit's ParseUtil, with its errors' texts. */
export const ParseUtil = {
  validateCaipAddress(address: string): CaipAddress {
    if (address.split(':').length !== 3) throw new Error('Invalid CAIP Address')
    return address as CaipAddress
  },
  parseCaipAddress(caipAddress: CaipAddress | string): ParsedCaipAddress {
    const [chainNamespace, chainId, address, ...rest] = caipAddress.split(':')
    if (!chainNamespace || !chainId || !address || rest.length) throw new Error(`Invalid CAIP-10 address: ${caipAddress}`)
    return { chainNamespace: chainNamespace as ChainNamespace, chainId, address }
  },
  parseCaipNetworkId(caipNetworkId: CaipNetworkId | string): { chainNamespace: ChainNamespace; chainId: string | number } {
    const [chainNamespace, chainId, ...rest] = caipNetworkId.split(':')
    if (!chainNamespace || !chainId || rest.length) throw new Error(`Invalid CAIP-2 network id: ${caipNetworkId}`)
    return { chainNamespace: chainNamespace as ChainNamespace, chainId }
  },
}
