// The regtest network's address format and the demo accounts of the local ledger: a native
// segwit payment address and a taproot ordinal address each, from keys derived by name (never
// to be used anywhere else). Browser-safe: the test wallet derives its addresses with this too.
import * as btc from '@scure/btc-signer'
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'

/** Bitcoin Core's regtest: bech32 'bcrt', base58 versions of testnet. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
/** networks.bitcoinRegtest: the first 32 hex digits of regtest's genesis block hash. */
export const REGTEST_CAIP = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export interface BitcoinKeyAccount {
  /** Native segwit (P2WPKH): what pays. */
  payment: { address: string; publicKey: string; secretKey: string }
  /** Taproot (P2TR, key path): what holds ordinals. */
  ordinal: { address: string; publicKey: string; secretKey: string }
}

/** The addresses of a pair of secret keys (hex), on a network (regtest by default). */
export function accountFromKeys(paymentKey: string, ordinalKey: string, network: typeof btc.NETWORK = REGTEST): BitcoinKeyAccount {
  const paymentPub = secp256k1.getPublicKey(hexToBytes(paymentKey), true)
  const ordinalPub = schnorr.getPublicKey(hexToBytes(ordinalKey))
  return {
    payment: { address: btc.p2wpkh(paymentPub, network).address!, publicKey: bytesToHex(paymentPub), secretKey: paymentKey },
    ordinal: { address: btc.p2tr(ordinalPub, undefined, network).address!, publicKey: bytesToHex(ordinalPub), secretKey: ordinalKey },
  }
}

/** Bitcoin mainnet's CAIP-2 id: a local ledger can write its addresses too (networks.bitcoin). */
export const MAINNET_CAIP = 'bip122:000000000019d6689c085ae165831e93'

/** Demo account i of the local ledger (its regtest addresses, or with `network` that network's). */
export function demoBitcoinAccount(i: number, network: typeof btc.NETWORK = REGTEST): BitcoinKeyAccount {
  const key = (label: string) => bytesToHex(sha256(new TextEncoder().encode(`postern bitcoin demo ${i} ${label}`)))
  return accountFromKeys(key('payment'), key('ordinal'), network)
}
