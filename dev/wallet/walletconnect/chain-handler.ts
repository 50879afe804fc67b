import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { WalletRpcError } from './rpc.ts'

/**
 * A namespace the WalletConnect test wallet serves beside eip155 (ton, sui, polkadot, cosmos):
 * its chains, its account, what it answers and how. Each lives in its own file beside this one.
 */
export interface ChainHandler {
  namespace: string
  /** CAIP-2 ids of the chains the wallet serves in this namespace. */
  chains: string[]
  /** The account's address as CAIP-10 gives it (no colon inside). */
  address: string
  /** Every account of the namespace when it has more than one (bip122's payment and ordinal), first the main one. */
  addresses?: string[]
  /** Approve only the chains the proposal asks for (none asked that the wallet serves: no namespace). */
  onlyAskedChains?: boolean
  methods: string[]
  events: string[]
  /** Session properties the wallet announces (e.g. TON's public key and state init). */
  sessionProperties?: Record<string, string>
  /** The answer to a request; throws a ChainRequestError for a refusal with a code. `peer` is the dApp's metadata. */
  answer(method: string, params: unknown, chainId: string, peer: { url?: string }): Promise<unknown>
}

/** A JSON-RPC error a handler answers with (4001 rejected, 4100 unauthorized, -32602 bad params): the wallet's own. */
export const ChainRequestError = WalletRpcError
export type ChainRequestError = WalletRpcError

/** The CAIP-2 chains a proposal asks for in a namespace, required and optional. */
export function requestedChains(proposal: ProposalTypes.Struct, namespace: string): string[] | undefined {
  let asked: string[] | undefined
  for (const group of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
    for (const [key, ns] of Object.entries(group ?? {})) {
      if (key === namespace) asked = [...(asked ?? []), ...(ns.chains ?? [])]
      else if (key.startsWith(`${namespace}:`)) asked = [...(asked ?? []), key]
    }
  }
  return asked && [...new Set(asked)]
}

/** The namespaces of the handlers a proposal asks for, on the chains asked that the wallet serves. */
export function handlerNamespaces(proposal: ProposalTypes.Struct, handlers: readonly ChainHandler[]): SessionTypes.Namespaces {
  const out: SessionTypes.Namespaces = {}
  for (const handler of handlers) {
    const asked = requestedChains(proposal, handler.namespace)
    if (!asked) continue
    const served = asked.filter((c) => handler.chains.includes(c))
    const chains = served.length || handler.onlyAskedChains ? served : handler.chains
    if (chains.length === 0) continue
    out[handler.namespace] = {
      chains,
      accounts: chains.flatMap((chain) => (handler.addresses ?? [handler.address]).map((a) => `${chain}:${a}`)),
      methods: handler.methods,
      events: handler.events,
    }
  }
  return out
}

/** The session properties of the handlers whose namespace the wallet approves. */
export function handlerProperties(namespaces: SessionTypes.Namespaces, handlers: readonly ChainHandler[]): Record<string, string> | undefined {
  const props = Object.assign({}, ...handlers.filter((h) => namespaces[h.namespace]).map((h) => h.sessionProperties ?? {})) as Record<string, string>
  return Object.keys(props).length ? props : undefined
}
