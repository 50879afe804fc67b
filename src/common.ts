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

type ProviderRpcErrorCode = 4001 | 4100 | 4200 | 4900 | 4901 | 4902 | 5710 | 5002 | 5000 | 5001

/** AppKit's ProviderRpcError: an EIP-1193 error with its code, the cause kept. */
class ProviderRpcError extends Error {
  code: ProviderRpcErrorCode
  override name = 'ProviderRpcError'
  constructor(cause: unknown, options: { message: string; code: ProviderRpcErrorCode }) {
    super(options.message, { cause })
    this.code = options.code
  }
}

/** AppKit's UserRejectedRequestError (EIP-1193 code 4001). */
export class UserRejectedRequestError extends ProviderRpcError {
  override name = 'UserRejectedRequestError'
  constructor(cause: unknown) {
    super(cause, { code: 4001, message: 'User rejected the request' })
  }
}

/** AppKit's SendTransactionError (code 5001). */
export class SendTransactionError extends ProviderRpcError {
  override name = 'SendTransactionError'
  constructor(message: string) {
    super(undefined, { code: 5001, message })
  }
}

const param = (name: string, type: string) => ({ name, type })
/** AppKit's erc20ABI: transfer and transferFrom. */
export const erc20ABI = [
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [param('_to', 'address'), param('_value', 'uint256')], outputs: [param('', 'bool')] },
  {
    type: 'function', name: 'transferFrom', stateMutability: 'nonpayable',
    inputs: [param('_from', 'address'), param('_to', 'address'), param('_value', 'uint256')], outputs: [param('', 'bool')],
  },
]
