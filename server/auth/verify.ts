import { createPublicKey, verify as verifyEd25519 } from 'node:crypto'
import { recoverMessageAddress, type Hex } from 'viem'
import { base58Decode } from './base58.ts'
import type { EvmChain } from '../chain/evm.ts'

import { verifyBitcoinMessage } from '../../src/lazy/bitcoin/message.ts'
import { netOfChainId } from '../../src/utils/bitcoin-chains.ts'

export type SignatureCheck = { ok: true; type: 'eip191' | 'eip1271' | 'solana:ed25519' | 'bip322' | 'bip137' } | { ok: false }

/**
 * An EVM signature through viem's verifyMessage on the chain: EOAs by recovery, deployed smart
 * accounts by EIP-1271 and undeployed ones by EIP-6492, the way a site's wallet signs them.
 */
export async function verifyEvm(chain: EvmChain, address: string, message: string, signature: string): Promise<SignatureCheck> {
  if (!/^0x[0-9a-fA-F]*$/.test(signature)) return { ok: false }
  try {
    const valid = await chain.client.verifyMessage({ address: address as Hex, message, signature: signature as Hex })
    if (!valid) return { ok: false }
    const recovered = await recoverMessageAddress({ message, signature: signature as Hex }).catch(() => undefined)
    return { ok: true, type: recovered?.toLowerCase() === address.toLowerCase() ? 'eip191' : 'eip1271' }
  } catch {
    return { ok: false }
  }
}

/** A Solana signature: ed25519 over the UTF-8 message by the base58 public key (signature in base58). */
export function verifySolana(address: string, message: string, signature: string): SignatureCheck {
  try {
    const key = base58Decode(address)
    const sig = base58Decode(signature)
    if (key.length !== 32 || sig.length !== 64) return { ok: false }
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key).toString('base64url') }, format: 'jwk' })
    return verifyEd25519(null, Buffer.from(message, 'utf8'), publicKey, sig) ? { ok: true, type: 'solana:ed25519' } : { ok: false }
  } catch {
    return { ok: false }
  }
}

/**
 * A Bitcoin signature as AppKit's BIP122Verifier takes it: BIP-322 (simple), or a 65-byte BIP-137
 * ECDSA one; the address must be one of the chain's own (undefined: not a chain known here).
 */
export function verifyBitcoin(chainId: string, address: string, message: string, signature: string): SignatureCheck | undefined {
  const net = netOfChainId(chainId)
  if (!net) return undefined
  const type = verifyBitcoinMessage(address, message, signature, net)
  return type ? { ok: true, type } : { ok: false }
}
