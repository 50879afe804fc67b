// Sign In With Farcaster, checked by the auth service: the message is EIP-4361 for this domain and
// nonce, names the fid in its farcaster://fid/<fid> resource and the fid's custody address as its
// address, and is signed (EIP-191) by that custody address — the one the relay reports for the fid.
import { verifyMessage, isAddress, isAddressEqual, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'

export interface SiwfReply { message: string; signature: Hex; fid: number; custody: string }
export interface SiwfExpected { domain: string; nonce: string; now?: Date }

export class SiwfError extends Error {}

/** Resolves when the reply signs in its fid for this domain and nonce; throws SiwfError otherwise. */
export async function verifySiwf(reply: SiwfReply, expected: SiwfExpected): Promise<void> {
  const fields = parseSiweMessage(reply.message)
  const now = expected.now ?? new Date()
  if (fields.domain !== expected.domain) throw new SiwfError(`the message is for ${fields.domain ?? 'no domain'}, not ${expected.domain}`)
  if (fields.nonce !== expected.nonce) throw new SiwfError('the message carries another nonce')
  if (!fields.resources?.includes(`farcaster://fid/${reply.fid}`)) throw new SiwfError(`the message does not name fid ${reply.fid}`)
  if (fields.expirationTime && fields.expirationTime <= now) throw new SiwfError('the message has expired')
  if (fields.notBefore && fields.notBefore > now) throw new SiwfError('the message is not valid yet')
  if (!isAddress(reply.custody) || !fields.address || !isAddressEqual(fields.address, reply.custody)) {
    throw new SiwfError(`the message's address is not fid ${reply.fid}'s custody address`)
  }
  let good = false
  try {
    good = await verifyMessage({ address: reply.custody, message: reply.message, signature: reply.signature })
  } catch {
    good = false
  }
  if (!good) throw new SiwfError(`the signature is not by fid ${reply.fid}'s custody address`)
}
