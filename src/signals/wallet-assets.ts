import * as v from 'valibot'
import type { Store } from './store'
import type { ApiTokenBalance } from '../api/blockchain'
import type { Network } from '../types'
import { accountFor } from './account'
import { driverFor } from './wallet'
import { formatUnits } from '../utils/units'

// EIP-7811: a wallet that reports `assetDiscovery` for a chain lists its own holdings
// (wallet_getAssets); the modal then needs no balance API for that chain.

/** SPEC section 5: an asset counts only with every one of these fields of these types. */
const AssetSchema = v.object({
  address: v.string(),
  balance: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/)),
  type: v.picklist(['ERC20', 'NATIVE']),
  metadata: v.object({ name: v.string(), symbol: v.string(), decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)), price: v.number(), iconUrl: v.string(), value: v.optional(v.number()) }),
})
const AssetsSchema = v.record(v.string(), v.array(AssetSchema))
const CapabilitiesSchema = v.record(v.string(), v.looseObject({ assetDiscovery: v.optional(v.looseObject({ supported: v.optional(v.boolean()) })) }))

interface Requester { request(args: { method: string; params?: unknown }): Promise<unknown> }

/** The wallet's assets as token balances, or undefined when it does not offer them (or answers garbage). */
export async function walletAssets(store: Store, network: Network): Promise<ApiTokenBalance[] | undefined> {
  const account = accountFor(store, 'eip155')
  if (network.chainNamespace !== 'eip155' || !account.address || !account.connectorId) return undefined
  try {
    const provider = driverFor(store, 'eip155', account.connectorId).getProvider?.(account.connectorId) as Requester | undefined
    if (typeof provider?.request !== 'function') return undefined
    const chainHex = `0x${Number(network.id).toString(16)}`
    const capabilities = v.parse(CapabilitiesSchema, await provider.request({ method: 'wallet_getCapabilities', params: [account.address] }))
    if (capabilities[chainHex]?.assetDiscovery?.supported !== true) return undefined
    const response = v.safeParse(AssetsSchema, await provider.request({ method: 'wallet_getAssets', params: [{ account: account.address, chainFilter: [chainHex] }] }))
    if (!response.success) return undefined
    return (response.output[chainHex] ?? []).map((asset) => {
      const { name, symbol, decimals, price, iconUrl, value } = asset.metadata
      const numeric = formatUnits(BigInt(asset.balance), decimals)
      return {
        name,
        symbol,
        chainId: network.caipNetworkId,
        address: asset.type === 'NATIVE' || asset.address === 'native' ? undefined : `${network.caipNetworkId}:${asset.address}`,
        value: value ?? Number(numeric) * price,
        price,
        quantity: { decimals: String(decimals), numeric },
        iconUrl,
      }
    })
  } catch {
    return undefined
  }
}
