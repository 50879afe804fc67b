import type { Store } from '../../signals/store'
import type { ChainNamespace } from '../../types'
import { rpcUrlFor } from '../../signals/adapters'

/** What a session asks of the wallet, per namespace. */
export const METHODS: Partial<Record<ChainNamespace, string[]>> = {
  eip155: [
    'personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTypedData', 'eth_sendTransaction', 'eth_signTransaction',
    'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions', 'solana_getAccounts', 'solana_requestAccounts'],
}
export const EVENTS: Partial<Record<ChainNamespace, string[]>> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
}

interface NamespaceRequest {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/** What the modal asks for: every configured eip155 and solana network, the active one first. */
export function requestedNamespaces(store: Store): Record<string, NamespaceRequest> {
  const out: Record<string, NamespaceRequest> = {}
  const chosen = store.network.byNamespace.peek()
  const networks = [...store.network.networks.peek()].sort((a, b) => Number(chosen[b.chainNamespace] === b.caipNetworkId) - Number(chosen[a.chainNamespace] === a.caipNetworkId))
  for (const network of networks) {
    const namespace = network.chainNamespace
    const methods = METHODS[namespace]
    if (!methods) continue
    const entry = (out[namespace] ??= { chains: [], methods, events: EVENTS[namespace] ?? [], rpcMap: {} })
    entry.chains.push(network.caipNetworkId)
    const rpc = rpcUrlFor(store, network)
    if (rpc) entry.rpcMap[String(network.id)] = rpc
  }
  return out
}

