// A test Farcaster client: given a channel URL (as the QR code shows it), it builds the Sign In With
// Farcaster message (EIP-4361 with the farcaster://fid/<fid> resource), signs it with the fid's
// custody key (EIP-191) and completes the channel at the relay, as Warpcast does when a person
// approves. Options bend one part of the message, for the auth service's refusals.
import { createSiweMessage } from 'viem/siwe'
import { keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { FarcasterRelay } from './index.ts'

/** The fid's custody key in this stand-in: derived from the fid, so every run agrees. */
export const custodyKey = (fid: number) => keccak256(toHex(`postern-farcaster-custody-${fid}`))
export const custodyAddress = (fid: number) => privateKeyToAccount(custodyKey(fid)).address

/** Registers the fid in the IdRegistry on chain, through the relay (its custody address and user name). */
export function registerFid(relay: FarcasterRelay, fid: number, username = `user${fid}`): Promise<void> {
  return relay.register(fid, custodyAddress(fid), username)
}

export interface SignInOptions {
  fid: number
  /** Sign with another key than the fid's custody key. */
  signerKey?: `0x${string}`
  /** Name the signer as the fid's custody address in the message (what a relay lying about custody would back). */
  claimCustody?: boolean
  nonce?: string
  domain?: string
}

export async function signInWithFarcaster(relayUrl: string, channel: string, opts: SignInOptions): Promise<void> {
  const url = new URL(channel)
  const q = (name: string) => {
    const value = url.searchParams.get(name)
    if (!value) throw new Error(`the channel URL has no ${name}`)
    return value
  }
  const channelToken = q('channelToken')
  const account = privateKeyToAccount(opts.signerKey ?? custodyKey(opts.fid))
  const message = createSiweMessage({
    domain: opts.domain ?? q('domain'),
    address: opts.claimCustody ? account.address : privateKeyToAccount(custodyKey(opts.fid)).address,
    statement: 'Farcaster Auth',
    uri: q('siweUri'),
    version: '1',
    chainId: 10,
    nonce: opts.nonce ?? q('nonce'),
    issuedAt: new Date(),
    resources: [`farcaster://fid/${opts.fid}`],
  })
  const signature = await account.signMessage({ message })
  const res = await fetch(`${relayUrl}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${channelToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature, fid: opts.fid }),
  })
  if (!res.ok) throw new Error(`relay refused: ${res.status} ${await res.text()}`)
}
