import type { Store } from '../../signals/store'
import type { ChainNamespace } from '../../types'
import { rpcUrlFor } from '../../signals/adapters'
import { applyOverrides, configOverride, type NamespaceRequest } from './overrides'

/** What a session asks of the wallet, per namespace. */
export const METHODS: Partial<Record<ChainNamespace, string[]>> = {
  eip155: [
    'personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTypedData', 'eth_sendTransaction', 'eth_signTransaction',
    'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions', 'solana_getAccounts', 'solana_requestAccounts'],
  // AppKit's TronWalletConnectConnector asks for these two.
  tron: ['tron_signMessage', 'tron_signTransaction'],
  // AppKit's DEFAULT_METHODS.bip122 (WalletConnect's Bitcoin RPC).
  bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
  ton: ['ton_sendMessage', 'ton_signData'],
}
export const EVENTS: Partial<Record<ChainNamespace, string[]>> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  tron: ['accountsChanged', 'chainChanged'],
  bip122: ['accountsChanged', 'chainChanged'],
  ton: ['accountsChanged', 'chainChanged'],
}

/** A namespace asked for with no network of the site in it: AppKit's createDefaultNamespace. */
const fresh = (namespace: string): NamespaceRequest => ({
  chains: [], methods: METHODS[namespace as ChainNamespace] ?? [], events: ['accountsChanged', 'chainChanged'], rpcMap: {},
})

/**
 * What the modal asks for: every configured network, the active one first,
 * then the site's universalProviderConfigOverride (throws when its shape is wrong).
 */
export function requestedNamespaces(store: Store): Record<string, NamespaceRequest> {
  const out: Record<string, NamespaceRequest> = {}
  const chosen = store.network.byNamespace.peek()
  const networks = [...store.network.networks.peek()].sort((a, b) => Number(chosen[b.chainNamespace] === b.caipNetworkId) - Number(chosen[a.chainNamespace] === a.caipNetworkId))
  for (const network of networks) {
    const namespace = network.chainNamespace
    // As AppKit's createNamespaces: every configured namespace, with its known methods (none for
    // one AppKit has no defaults for: the site's universalProviderConfigOverride names them).
    const entry = (out[namespace] ??= { chains: [], methods: METHODS[namespace] ?? [], events: EVENTS[namespace] ?? ['accountsChanged', 'chainChanged'], rpcMap: {} })
    entry.chains.push(network.caipNetworkId)
    // The rpcMap takes one URL per chain and is built while the QR code waits: the first endpoint,
    // unprobed (probing would hold the pairing up). The universal provider uses it only for reads a
    // site sends through the WalletConnect provider itself; Postern's own reads (balances, send, swap,
    // SIWX verification) go through its fallback client over every endpoint (utils/rpc.ts).
    const rpc = rpcUrlFor(store, network)
    if (rpc) entry.rpcMap[String(network.id)] = rpc
  }
  return applyOverrides(out, configOverride(store.options.universalProviderConfigOverride), fresh)
}

