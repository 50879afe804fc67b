// AppKit's legacy SIWE plugin surface (@reown/appkit-siwe): createSIWEConfig and formatMessage.
// The modal maps a siweConfig onto SIWX (signals/siwe-map.ts), as AppKit's mapToSIWX does.
import type { SIWEClientMethods, SIWEConfig, SIWECreateMessageArgs, SIWEMessageArgs, SIWESession, SIWEVerifyMessageArgs } from '../signals/siwe-map'
import { formatSiwxMessage } from '../utils/siwx-text'

export type { SIWEClientMethods, SIWEConfig, SIWECreateMessageArgs, SIWEMessageArgs, SIWESession, SIWEVerifyMessageArgs }

export type SIWECreateClientArgs = SIWEClientMethods & {
  enabled?: boolean
  nonceRefetchIntervalMs?: number
  sessionRefetchIntervalMs?: number
  signOutOnDisconnect?: boolean
  signOutOnAccountChange?: boolean
  signOutOnNetworkChange?: boolean
  required?: boolean
}

/** AppKit's createSIWEConfig: the site's methods plus AppKit's option defaults. */
export function createSIWEConfig(args: SIWECreateClientArgs): SIWEConfig {
  const { enabled = true, nonceRefetchIntervalMs = 300_000, sessionRefetchIntervalMs = 300_000, signOutOnDisconnect = true,
    signOutOnAccountChange = true, signOutOnNetworkChange = true, required, ...methods } = args
  return {
    options: { enabled, nonceRefetchIntervalMs, sessionRefetchIntervalMs, signOutOnDisconnect, signOutOnAccountChange, signOutOnNetworkChange, required },
    methods,
    getNonce: (address?: string) => methods.getNonce(address),
    createMessage: (a: SIWECreateMessageArgs) => methods.createMessage(a),
  }
}

/**
 * EIP-4361 text for createMessage, as @walletconnect/utils' formatMessage writes it from the
 * message params and the `did:pkh:eip155:{chainId}:{address}` issuer.
 */
export function formatMessage(params: Omit<SIWECreateMessageArgs, 'address'> & { address?: string }, iss: string): string {
  const address = iss.split(':').pop() ?? iss
  return formatSiwxMessage(
    {
      accountAddress: address, chainId: `eip155:${params.chainId}`, domain: params.domain, uri: params.uri, version: params.version ?? '1',
      nonce: params.nonce, statement: params.statement, issuedAt: params.iat, expirationTime: params.exp, notBefore: params.nbf,
      requestId: params.requestId, resources: params.resources,
    },
    'Ethereum',
    true,
  )
}
