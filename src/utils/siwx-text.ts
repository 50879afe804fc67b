import type { SIWXMessageData } from '../types'

/**
 * The CAIP-122 informal message (EIP-4361's template) exactly as AppKit's InformalMessenger
 * writes it: `bareChainId` writes EIP-4361's `Chain ID: 1` instead of `eip155:1`.
 */
export function formatSiwxMessage(params: SIWXMessageData, networkName: string, bareChainId = false): string {
  const chainId = bareChainId ? params.chainId.split(':')[1] : params.chainId
  return [
    `${params.domain} wants you to sign in with your ${networkName} account:`,
    params.accountAddress,
    params.statement ? `\n${params.statement}\n` : '',
    `URI: ${params.uri}`,
    `Version: ${params.version}`,
    `Chain ID: ${chainId}`,
    `Nonce: ${params.nonce}`,
    params.issuedAt && `Issued At: ${params.issuedAt}`,
    params.expirationTime && `Expiration Time: ${params.expirationTime}`,
    params.notBefore && `Not Before: ${params.notBefore}`,
    params.requestId && `Request ID: ${params.requestId}`,
    params.resources?.length && params.resources.reduce((acc, r) => `${acc}\n- ${r}`, 'Resources:'),
  ]
    .filter((line) => typeof line === 'string')
    .join('\n')
    .trim()
}

/** The text a revoke of a reference-service session is signed over (server/auth/store.ts writes the same). */
export const revokeMessage = (address: string, pci: string) => `Revoke sign-in session ${pci} for ${address}`
