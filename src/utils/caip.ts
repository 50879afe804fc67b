import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types'

/** Chain namespaces the product knows (SPEC section 3). */
export const NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'sui', 'stacks', 'ton', 'tron']

export function isNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value)
}

/** A CAIP-2 network id has exactly two non-empty parts with a known namespace. */
export function parseCaipNetworkId(id: string): { namespace: ChainNamespace; chainId: string } | undefined {
  const parts = id.split(':')
  if (parts.length !== 2) return undefined
  const [namespace, chainId] = parts as [string, string]
  if (!isNamespace(namespace) || !chainId) return undefined
  return { namespace, chainId }
}

/** A CAIP-10 address has exactly three non-empty parts with a known namespace. */
export function parseCaipAddress(
  value: string,
): { namespace: ChainNamespace; chainId: string; address: string } | undefined {
  const parts = value.split(':')
  if (parts.length !== 3) return undefined
  const [namespace, chainId, address] = parts as [string, string, string]
  if (!isNamespace(namespace) || !chainId || !address) return undefined
  return { namespace, chainId, address }
}

export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`
}
