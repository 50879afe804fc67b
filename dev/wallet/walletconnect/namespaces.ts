import type { ProposalTypes, SessionTypes } from '@walletconnect/types'

export const WALLET_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
export const WALLET_EVENTS = ['accountsChanged', 'chainChanged']

/** eip155 chains a proposal asks for, from `eip155` namespaces and inline `eip155:N` keys, required and optional. */
export function requestedEip155Chains(proposal: ProposalTypes.Struct): string[] {
  const chains: string[] = []
  for (const group of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
    for (const [key, ns] of Object.entries(group ?? {})) {
      if (key === 'eip155') chains.push(...(ns.chains ?? []))
      else if (key.startsWith('eip155:')) chains.push(key)
    }
  }
  return [...new Set(chains)]
}

/**
 * The namespaces the wallet approves: the requested chains it has an RPC for, or every chain it
 * knows when the dApp asked for none of them (as real wallets offer their own networks).
 */
export function approvedNamespaces(
  proposal: ProposalTypes.Struct,
  knownChainIds: readonly number[],
  address: string,
): SessionTypes.Namespaces {
  const known = knownChainIds.map((id) => `eip155:${id}`)
  const wanted = requestedEip155Chains(proposal).filter((c) => known.includes(c))
  const chains = wanted.length > 0 ? wanted : known
  return {
    eip155: {
      chains,
      accounts: chains.map((chain) => `${chain}:${address}`),
      methods: WALLET_METHODS,
      events: WALLET_EVENTS,
    },
  }
}
