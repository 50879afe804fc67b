// A Bitcoin signed message checked as AppKit's BIP122Verifier checks it (bip322-js's
// Verifier.verifySignature): a 65-byte signature with a BIP-137 header is ECDSA (BIP-137), anything
// else a BIP-322 simple witness. The address must be one of the chain's (a mainnet address does
// not sign in on regtest); with no chain, its own format says the network.
import type { BitcoinNet } from '../../utils/bitcoin-chains'
import { isBip137, verifyBip137 } from './bip137'
import { verifyBip322 } from './bip322'
import { NETWORKS } from './index'

export type BitcoinSignatureType = 'bip137' | 'bip322'

/** Which proof the signature is, when it proves `message` for `address`; undefined otherwise. Never throws. */
export function verifyBitcoinMessage(address: string, message: string, signature: string, net?: BitcoinNet): BitcoinSignatureType | undefined {
  const type = isBip137(signature) ? 'bip137' : 'bip322'
  const verify = type === 'bip137' ? verifyBip137 : verifyBip322
  const networks = net ? [NETWORKS[net]] : Object.values(NETWORKS)
  return networks.some((network) => verify(message, address, signature, network)) ? type : undefined
}
