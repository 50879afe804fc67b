// AppKit's legacy SIWE helpers (@reown/appkit-siwe): reading a SIWE message's address and chain,
// the `did:pkh` issuer's parts (as @walletconnect/utils has them), and verifySignature, which
// verifies on chain (EIP-1271 and EIP-6492 smart accounts too) through viem, loaded when called.
import type { Transport } from 'viem'
import { getCurrentInstance } from '../instance'
import { rpcUrlsFor } from '../signals/adapters'
import { rpcTransport } from '../utils/rpc'

const ETH_ADDRESS_PATTERN = /0x[a-fA-F0-9]{40}/u
const ETH_CHAIN_ID_IN_SIWE_PATTERN = /Chain ID: (\d+)/u

export function getAddressFromMessage(message: string): string {
  return message.match(ETH_ADDRESS_PATTERN)?.[0] || ''
}

export function getChainIdFromMessage(message: string): string {
  return `eip155:${message.match(ETH_CHAIN_ID_IN_SIWE_PATTERN)?.[1] || 1}`
}

const didSegments = (iss: string) => iss?.split(':')

/** The chain id of a `did:pkh:eip155:1:0x...` issuer (or of `eip155:1:0x...`). */
export function getDidChainId(iss: string): string | undefined {
  const segments = iss && didSegments(iss)
  return segments ? (iss.includes('did:pkh') ? segments[3] : segments[1]) : undefined
}

/** The address of a `did:pkh:...` issuer: its last part. */
export function getDidAddress(iss: string): string | undefined {
  const segments = iss && didSegments(iss)
  return segments ? segments.pop() : undefined
}

/**
 * The network's endpoints: the current instance's (its rpcUrls and customRpcUrls first) when it
 * has the chain, else the chain's own public endpoints; then the blockchain API's RPC, as AppKit's.
 */
async function endpointsFor(caipNetworkId: string, projectId: string): Promise<string[]> {
  const store = getCurrentInstance()?.store
  // Without an instance (a server's check), AppKit's public blockchain API.
  const apiUrl = store?.options.blockchainApiUrl ?? 'https://rpc.walletconnect.org'
  const api = `${apiUrl}/v1/?chainId=${encodeURIComponent(caipNetworkId)}&projectId=${encodeURIComponent(projectId)}`
  const known = store?.network.networks.peek().find((n) => n.caipNetworkId === caipNetworkId)
  if (store && known) return [...rpcUrlsFor(store, known), api]
  const chainId = Number(caipNetworkId.split(':')[1])
  // viem's chains: postern/networks' EVM networks come from them (build/networks.mjs).
  const chains = Object.values(await import('viem/chains')) as { id?: unknown; rpcUrls?: { default: { http: readonly string[] } } }[]
  const chain = chains.find((c) => c && c.id === chainId)
  return [...(chain?.rpcUrls?.default.http ?? []), api]
}

/** AppKit's verifySignature: true when the address signed the message on that chain; never throws. */
export async function verifySignature({ address, message, signature, chainId, projectId }: {
  address: string
  message: string
  signature: string
  chainId: string
  projectId: string
}): Promise<boolean> {
  try {
    const caipNetworkId = chainId.includes('eip155:') ? chainId : `eip155:${chainId}`
    const { createPublicClient, fallback, http } = await import('viem')
    const client = createPublicClient({ transport: rpcTransport<Transport, Transport>({ http, fallback }, await endpointsFor(caipNetworkId, projectId)) })
    return await client.verifyMessage({ message: message.toString(), signature: signature as `0x${string}`, address: address as `0x${string}` })
  } catch {
    return false
  }
}
